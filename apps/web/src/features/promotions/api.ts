/**
 * Promotions hooks built from the contract. Join and claim refresh exactly what they change:
 * the promotions queries, member info (available-promotion badge) and the wallet balance.
 */
import { useQuery } from '@tanstack/react-query';
import { promotions, type promotions as P } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api';
import { useSession } from '@/features/session';

export const promotionKeys = {
  all: ['promotions'] as const,
  list: (lang: string, loggedIn: boolean, type: string) => [...promotionKeys.all, 'list', lang, loggedIn, type] as const,
  detail: (lang: string, loggedIn: boolean, id: string) => [...promotionKeys.all, 'detail', lang, loggedIn, id] as const,
  center: (lang: string) => [...promotionKeys.all, 'center', lang] as const,
  claims: (lang: string) => [...promotionKeys.all, 'claims', lang] as const,
};

const useLang = () => useTranslation().i18n.language.toUpperCase();

export function usePromotions(type: P.PromotionCategory) {
  const lang = useLang();
  const { loggedIn, pending } = useSession();
  return useQuery({
    queryKey: promotionKeys.list(lang, loggedIn, type),
    queryFn: ({ signal }) => call(promotions.listPromotions, { signal, query: { type, language: lang } }),
    enabled: !pending,
    staleTime: 30_000,
  });
}

export function usePromotion(id: string) {
  const lang = useLang();
  const { loggedIn, pending } = useSession();
  return useQuery({
    queryKey: promotionKeys.detail(lang, loggedIn, id),
    queryFn: ({ signal }) => call(promotions.getPromotion, { signal, query: { id, language: lang } }),
    enabled: !pending && /^[1-9][0-9]{0,17}$/.test(id),
    retry: false,
  });
}

export function useRewardCenter() {
  const lang = useLang();
  return useQuery({
    queryKey: promotionKeys.center(lang),
    queryFn: ({ signal }) => call(promotions.rewardCenter, { signal, query: { language: lang } }),
  });
}

export function useClaimList() {
  const lang = useLang();
  return useQuery({
    queryKey: promotionKeys.claims(lang),
    queryFn: ({ signal }) => call(promotions.claimList, { signal, query: { language: lang } }),
  });
}
