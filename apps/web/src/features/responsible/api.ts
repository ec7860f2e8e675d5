/** Responsible-gaming hooks built from the contract: my limits, change them, take a break, reality check. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { responsible, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';

export const responsibleKeys = {
  all: ['responsible'] as const,
  limits: () => [...responsibleKeys.all, 'limits'] as const,
  reality: () => [...responsibleKeys.all, 'reality'] as const,
};

export function useLimits(enabled = true) {
  return useQuery({ queryKey: responsibleKeys.limits(), queryFn: ({ signal }) => call(responsible.getLimits, { signal }), enabled });
}

export function useSetLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof responsible.setLimits>) => call(responsible.setLimits, { body }),
    onSuccess: (v) => {
      qc.setQueryData(responsibleKeys.limits(), v);
      void qc.invalidateQueries({ queryKey: responsibleKeys.reality() });
    },
  });
}

export function useTakeBreak() {
  return useMutation({ mutationFn: (body: BodyOf<typeof responsible.takeBreak>) => call(responsible.takeBreak, { body }) });
}

/** The reality check's figures; `every` (ms) polls them (the game frame's session clock). */
export function useReality(enabled: boolean, every?: number) {
  return useQuery({ queryKey: responsibleKeys.reality(), queryFn: ({ signal }) => call(responsible.reality, { signal }), enabled, staleTime: every ?? 60_000, refetchInterval: every ?? false });
}
