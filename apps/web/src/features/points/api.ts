/**
 * Points mall hooks built from the contract. Redeem and convert refresh exactly what they
 * change: every points query, and the wallet balance after a conversion.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { points, type BodyOf } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api';
import { useSession } from '@/features/session';
import { walletKeys } from '@/features/wallet';
import { pointsKeys } from './keys';

export { pointsKeys };

const useLang = () => useTranslation().i18n.language.toUpperCase();

/** The points of a real member (visitors and trial accounts have none). */
export function usePointsMember() {
  const s = useSession();
  return { member: s.loggedIn && !s.trial && !s.pending, trial: s.loggedIn && s.trial, pending: s.pending };
}

export function usePointSummary(enabled: boolean) {
  return useQuery({
    queryKey: pointsKeys.summary(),
    queryFn: ({ signal }) => call(points.getSummary, { signal }),
    enabled,
  });
}

export function useRewards() {
  const lang = useLang();
  const { loggedIn, pending } = useSession();
  return useQuery({
    queryKey: pointsKeys.rewards(lang, loggedIn),
    queryFn: ({ signal }) => call(points.listRewards, { signal }),
    enabled: !pending,
    staleTime: 30_000,
  });
}

export function usePointDetails(page: number) {
  return useQuery({
    queryKey: pointsKeys.details(page),
    queryFn: ({ signal }) => call(points.listPostings, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useRedeemHistory(page: number) {
  const lang = useLang();
  return useQuery({
    queryKey: pointsKeys.history(lang, page),
    queryFn: ({ signal }) => call(points.listRedemptions, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useRedeem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof points.redeem>) => call(points.redeem, { body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: pointsKeys.all }),
  });
}

export function useConvert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof points.convert>) => call(points.convert, { body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: pointsKeys.all });
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
    },
  });
}
