/**
 * Hooks of the paged lists (game list centre, game centre, home tab grids, /favorite, /recent),
 * kept out of the home page's first load: every page of a category, vendor or search with
 * requests at least 300 ms apart, vendor lanes, the favourites list and recent games.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { accountGames, games, LIMITS } from '@lobby/contract';
import { call } from '@/lib/api';
import { useLanguage } from '@/lib/i18n';
import { gameKeys, useRealAccount, type GameQuery } from './api';
import { requestGap } from './logic';

/** Category lists: 20 a page, at least 300 ms between page requests (§9). */
const pageGap = requestGap(LIMITS.categoryRequestGapMs);

/** Every page of a category / vendor / search, loaded one page at a time (infinite scroll). */
export function useGamePages(q: GameQuery) {
  const { language } = useLanguage();
  const base = { ...q, pageSize: LIMITS.categoryPageSize, language };
  return useInfiniteQuery({
    queryKey: gameKeys.pages(base),
    queryFn: async ({ pageParam, signal }) => {
      await pageGap();
      return call(games.gameList, { signal, query: { ...base, pageNo: pageParam } });
    },
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Vendor lanes (§4: cached for the session). */
export function useVendorLanes() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: gameKeys.lanes(language),
    queryFn: ({ signal }) => call(games.gameVendor, { signal, query: { language } }),
    select: (v) => v.data.lanes,
    staleTime: Infinity,
  });
}

/** The member's favourite games, newest first (one page of 999). */
export function useFavoriteGames() {
  const real = useRealAccount();
  const { language } = useLanguage();
  return useQuery({
    queryKey: gameKeys.favorites(),
    queryFn: ({ signal }) => call(accountGames.getFavoriteGamesList, { signal, query: { pageSize: LIMITS.favouritesPageSize, language } }),
    enabled: real,
    staleTime: 30_000,
  });
}

/** Recent games, 20 a page. */
export function useRecentGames() {
  const real = useRealAccount();
  const { language } = useLanguage();
  return useInfiniteQuery({
    queryKey: gameKeys.recent(),
    queryFn: async ({ pageParam, signal }) => {
      await pageGap();
      return call(accountGames.recentGame, { signal, query: { page: pageParam, pageSize: LIMITS.recentGamesPageSize, language } });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled: real,
    staleTime: 30_000,
  });
}
