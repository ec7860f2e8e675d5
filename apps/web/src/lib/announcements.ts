/**
 * The announcements of the caller (§7 MCSFE_getListAnnouncements): one query per language and
 * login state, shared by the home banners, the marquee, the notice popup and the announcement
 * popup. Cached for a minute (the server serves it from memory).
 */
import { useQuery } from '@tanstack/react-query';
import { announcements } from '@lobby/contract';
import { call } from '@/lib/api';
import { useLanguage } from '@/lib/i18n';
import { useToken } from './token';

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (language: string, token: string | null) => [...announcementKeys.all, language, token ?? ''] as const,
};

export function useAnnouncements() {
  const { language } = useLanguage();
  const token = useToken();
  return useQuery({
    queryKey: announcementKeys.list(language, token),
    queryFn: ({ signal }) => call(announcements.listAnnouncements, { signal, query: { types: 'B,PL,PU,PR,H', platform: 'W', language } }),
    staleTime: 60_000,
    retry: 1,
  });
}

/** The banners of one group (w_home, w_leftmenu, w_login, w_forget). */
export function useBanners(group: announcements.BannerGroup) {
  const q = useAnnouncements();
  return { ...q, data: q.data?.banners.filter((b) => b.groupName === group) };
}
