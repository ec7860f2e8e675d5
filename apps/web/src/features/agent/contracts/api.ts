/**
 * Contract hooks of the agent centre (contract pages: dividend records, daily wages, hourly and
 * real-time salary): the caller's contracts of a kind, accept / reject / terminate, and the
 * settlement records. An action refreshes the contract lists and the consolidated flags.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts, type BodyOf, type QueryOf } from '@lobby/contract';
import { call } from '@/lib/api';

export const contractKeys = {
  all: ['contracts'] as const,
  list: (q?: object) => (q ? ([...contractKeys.all, 'list', q] as const) : ([...contractKeys.all, 'list'] as const)),
  records: (q: object) => [...contractKeys.all, 'records', q] as const,
  income: (q: object) => [...contractKeys.all, 'income', q] as const,
};

export type ContractListQuery = QueryOf<typeof contracts.list>;
export type RecordsQuery = QueryOf<typeof contracts.records>;
export type ContractAction = 'accept' | 'reject' | 'terminate';

export function useContracts(q: ContractListQuery) {
  return useQuery({
    queryKey: contractKeys.list(q),
    queryFn: ({ signal }) => call(contracts.list, { signal, query: q }),
    staleTime: 10_000,
  });
}

export function useContractAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, contractId }: { action: ContractAction; contractId: string }) => call(contracts[action], { body: { contractId } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: contractKeys.list() });
      void qc.invalidateQueries({ queryKey: ['contracts', 'flags'] });
    },
  });
}

export function useContractRecords(q: RecordsQuery) {
  return useQuery({
    queryKey: contractKeys.records(q),
    queryFn: ({ signal }) => call(contracts.records, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useOfferContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contracts.offer>) => call(contracts.offer, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contractKeys.list() }),
  });
}

/** My income (agentRevenueReport) over a range of brand days. */
export function useIncome(q: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: contractKeys.income(q),
    queryFn: ({ signal }) => call(contracts.income, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
