/**
 * Games hooks of the home page built from the contract (component -> hook -> api client): the
 * category menu, one page of games (the rows), hot games, the winner board and the favourite
 * ids. The paged lists live in pages.ts (loaded with the pages that use them). Catalog answers
 * are in the UI language, so their keys carry it.
 */
import { useQuery } from '@tanstack/react-query';
import { accountGames, games, LIMITS, type GameType } from '@lobby/contract';
import { call } from '@/lib/api';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/features/session';
import { onAfterGame } from '@/features/play';

/** Favourites and recent games belong to real accounts: trial sessions get in_need_true_account. */
export function useRealAccount(): boolean {
  const s = useSession();
  return s.loggedIn && !s.trial && !!s.member;
}

export type Game = games.Game;

export const gameKeys = {
  all: ['games'] as const,
  menus: (lang: string) => [...gameKeys.all, 'menus', lang] as const,
  list: (q: object) => [...gameKeys.all, 'list', q] as const,
  pages: (q: object) => [...gameKeys.all, 'pages', q] as const,
  lanes: (lang: string) => [...gameKeys.all, 'lanes', lang] as const,
  hot: (lang: string) => [...gameKeys.all, 'hot', lang] as const,
  winners: (lang: string) => [...gameKeys.all, 'winners', lang] as const,
  mine: ['games', 'mine'] as const,
  favoriteIds: () => [...gameKeys.mine, 'favoriteIds'] as const,
  favorites: () => [...gameKeys.mine, 'favorites'] as const,
  recent: () => [...gameKeys.mine, 'recent'] as const,
};

// After a game the recent games are read again (the play feature asks its listeners).
onAfterGame((qc) => void qc.invalidateQueries({ queryKey: gameKeys.recent() }));

/** The server-sorted category menu (only categories with enabled vendors). */
export function useGameMenus() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: gameKeys.menus(language),
    queryFn: ({ signal }) => call(games.gameMenus, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Vendor display names by code, from the menu (the code without its prefix until it loads). */
export function useVendorName(): (code: string) => string {
  const menus = useGameMenus().data;
  return (code) => {
    for (const m of menus ?? []) for (const v of m.vendors) if (v.vassalage === code) return v.displayName;
    return code.replace(/^[A-Z]+-/, '');
  };
}

export interface GameQuery {
  gameType?: GameType;
  vassalage?: string;
  search?: string;
}

/** One page of games (the home rows). */
export function useGameRow(q: GameQuery) {
  const { language } = useLanguage();
  const query = { ...q, pageNo: 1, pageSize: LIMITS.categoryPageSize, language };
  return useQuery({
    queryKey: gameKeys.list(query),
    queryFn: ({ signal }) => call(games.gameList, { signal, query }),
    staleTime: 60_000,
  });
}

/** Hot games (§4: cached for the session, refreshable with refetch). */
export function useHotGames() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: gameKeys.hot(language),
    queryFn: ({ signal }) => call(games.hotGames, { signal, query: { language } }),
    select: (v) => v.list,
    staleTime: Infinity,
  });
}

export function useWinnerBoard() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: gameKeys.winners(language),
    queryFn: ({ signal }) => call(games.winnerBoard, { signal, query: { limitNum: LIMITS.winnerBoardLimit, language } }),
    select: (v) => v.list,
    staleTime: 60_000,
  });
}

/** The node ids of the member's favourites (the hearts). */
export function useFavoriteIds() {
  const real = useRealAccount();
  return useQuery({
    queryKey: gameKeys.favoriteIds(),
    queryFn: ({ signal }) => call(accountGames.getFavoriteGames, { signal, query: { pageSize: LIMITS.favouritesPageSize } }),
    enabled: real,
    staleTime: 60_000,
  });
}

