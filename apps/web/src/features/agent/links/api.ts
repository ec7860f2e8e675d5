/** Links report and postback hooks (issue 25), and the CSV download of any agent report. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { affiliate, type BodyOf, type QueryOf } from '@lobby/contract';
import { buildUrl, call, requestHeaders } from '@/lib/api';

const keys = {
  links: (q: object) => ['agent', 'links', q] as const,
  postbacks: ['agent', 'postbacks'] as const,
};

export type LinksQuery = QueryOf<typeof affiliate.linksReport>;

export function useLinksReport(q: LinksQuery) {
  return useQuery({
    queryKey: keys.links(q),
    queryFn: ({ signal }) => call(affiliate.linksReport, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 15_000,
  });
}

export function usePostbacks() {
  return useQuery({ queryKey: keys.postbacks, queryFn: ({ signal }) => call(affiliate.postbackSettings, { signal }), refetchInterval: 15_000 });
}

export function useSavePostback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof affiliate.postbackSave>) => call(affiliate.postbackSave, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.postbacks }),
  });
}

/** Downloads a report's CSV (the server streams it with the filters applied) as a file. */
export async function downloadCsv(query: QueryOf<typeof affiliate.exportCsv>): Promise<void> {
  const res = await fetch(buildUrl(affiliate.exportCsv.path, query as Record<string, string>), { headers: requestHeaders() });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${query.report}-${query.startDate}-${query.endDate}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
