/** Referral hooks (member centre page `referral`), built from the contract. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referral } from '@lobby/contract';
import { call } from '@/lib/api';

export const referralKeys = {
  all: ['referral'] as const,
  info: () => [...referralKeys.all, 'info'] as const,
  invitations: (page: number) => [...referralKeys.all, 'invitations', page] as const,
  income: (page: number) => [...referralKeys.all, 'income', page] as const,
};

export const useReferralInfo = () => useQuery({
  queryKey: referralKeys.info(),
  queryFn: ({ signal }) => call(referral.info, { signal }),
  staleTime: 30_000,
});

export const useInvitations = (page: number) => useQuery({
  queryKey: referralKeys.invitations(page),
  queryFn: ({ signal }) => call(referral.invitations, { signal, query: { page } }),
  placeholderData: keepPreviousData,
});

export const useIncome = (page: number) => useQuery({
  queryKey: referralKeys.income(page),
  queryFn: ({ signal }) => call(referral.income, { signal, query: { page } }),
  placeholderData: keepPreviousData,
});

/** The full invite link on this site. */
export const inviteLink = (invitePath: string, origin = window.location.origin) => `${origin}${invitePath}`;
