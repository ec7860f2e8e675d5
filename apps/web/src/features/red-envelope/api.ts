/**
 * Red envelope hooks, built from the contract. `available` is read every 30 seconds while a real
 * member is logged in (it drives the floating button); opening one refreshes the balance.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODULES, redEnvelope, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys, useSession } from '@/features/session';
import { useModuleEnabled } from '@/lib/system';
import { walletKeys } from '@/features/wallet';

export const redEnvelopeKeys = {
  all: ['redEnvelope'] as const,
  available: () => [...redEnvelopeKeys.all, 'available'] as const,
  history: (page: number) => [...redEnvelopeKeys.all, 'history', page] as const,
  sent: (page: number) => [...redEnvelopeKeys.all, 'sent', page] as const,
};

/** Whether this visitor can have red envelopes: a logged-in real member, module on. */
export function useRedEnvelopeOn(): boolean {
  const session = useSession();
  const on = useModuleEnabled(MODULES.redEnvelope);
  return on && session.loggedIn && !session.trial && !session.pending;
}

export function useAvailable() {
  const enabled = useRedEnvelopeOn();
  const q = useQuery({
    queryKey: redEnvelopeKeys.available(),
    queryFn: ({ signal }) => call(redEnvelope.listAvailable, { signal }),
    enabled,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
  return { enabled, list: enabled ? q.data?.list ?? [] : [], query: q };
}

export function useOpenEnvelope() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(redEnvelope.open, { body: { id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: redEnvelopeKeys.all });
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
    },
  });
}

export const useHistory = (page: number) => useQuery({
  queryKey: redEnvelopeKeys.history(page),
  queryFn: ({ signal }) => call(redEnvelope.history, { signal, query: { page } }),
  placeholderData: keepPreviousData,
});

export const useSent = (page: number, enabled: boolean) => useQuery({
  queryKey: redEnvelopeKeys.sent(page),
  queryFn: ({ signal }) => call(redEnvelope.sent, { signal, query: { page } }),
  placeholderData: keepPreviousData,
  enabled,
});

export function useSendEnvelope() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof redEnvelope.send>) => call(redEnvelope.send, { body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: redEnvelopeKeys.all });
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
    },
  });
}
