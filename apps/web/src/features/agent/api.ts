/**
 * Agent centre hooks built from the contract (component -> hook -> api client). A change to a
 * downline refreshes the downline lists; a transfer also refreshes the agent's balance and member
 * info (the money moved) and the team overview (team balance).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { agent, wallet, type BodyOf, type QueryOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys } from '@/features/session';
import { walletKeys } from '@/features/wallet';
import type { DayRange } from '@/lib/amounts';

export const agentKeys = {
  all: ['agent'] as const,
  overview: (q?: DayRange) => (q ? ([...agentKeys.all, 'overview', q] as const) : ([...agentKeys.all, 'overview'] as const)),
  downlines: (q?: object) => (q ? ([...agentKeys.all, 'downlines', q] as const) : ([...agentKeys.all, 'downlines'] as const)),
  betting: (q: object) => [...agentKeys.all, 'betting', q] as const,
  profitLoss: (q: object) => [...agentKeys.all, 'profitLoss', q] as const,
  transactions: (q: object | null) => [...agentKeys.all, 'transactions', q] as const,
};

export type DownlineQuery = QueryOf<typeof agent.downlineList>;
export type BettingQuery = QueryOf<typeof agent.teamBetting>;
export type ProfitLossQuery = QueryOf<typeof agent.profitLoss>;
export type DownlineTxQuery = QueryOf<typeof agent.downlineTransactions>;

export function useTeamOverview(q: DayRange) {
  return useQuery({
    queryKey: agentKeys.overview(q),
    queryFn: ({ signal }) => call(agent.teamOverview, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    // The team figures are rolled up every 15 s: an open dashboard follows them.
    refetchInterval: 15_000,
  });
}

export function useDownlines(q: DownlineQuery) {
  return useQuery({
    queryKey: agentKeys.downlines(q),
    queryFn: ({ signal }) => call(agent.downlineList, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useTeamBetting(q: BettingQuery) {
  return useQuery({
    queryKey: agentKeys.betting(q),
    queryFn: ({ signal }) => call(agent.teamBetting, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** P&L statement (user loss): rows per direct downline or team member, with the team's footer. */
export function useProfitLoss(q: ProfitLossQuery) {
  return useQuery({
    queryKey: agentKeys.profitLoss(q),
    queryFn: ({ signal }) => call(agent.profitLoss, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** A team member's transaction details; nothing is asked before an account is chosen (`q` null). */
export function useDownlineTransactions(q: DownlineTxQuery | null) {
  return useQuery({
    queryKey: agentKeys.transactions(q),
    queryFn: ({ signal }) => call(agent.downlineTransactions, { signal, query: q! }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

const refreshDownlines = (qc: QueryClient) => qc.invalidateQueries({ queryKey: agentKeys.downlines() });

export function useSetAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => call(agent.setAgent, { body: { memberId } }),
    onSuccess: () => refreshDownlines(qc),
  });
}

export function useEditNickname() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof agent.editNickname>) => call(agent.editNickname, { body }),
    onSuccess: () => refreshDownlines(qc),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (memberId: string) => call(agent.resetPassword, { body: { memberId } }),
  });
}

/** POST /wps/agent/transfer: agent main wallet -> a team member's main wallet (ledger, idempotent by requestId). */
export function useDownlineTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.agentTransfer>) => call(wallet.agentTransfer, { body }),
    onSettled: () => {
      void refreshDownlines(qc);
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
      void qc.invalidateQueries({ queryKey: agentKeys.overview() });
    },
  });
}
