/**
 * Lottery hooks built from the contract (component -> hook -> api client): the game menus, the
 * recent games, one game's current issue with its bet options, results, trend, my bets and the
 * slip submit. Placing bets refreshes the balance and member info (the header) like every money
 * movement (features/wallet), and so does a bet settling while the list of my bets is watched.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lottery, type ValueOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { useLanguage } from '@/lib/i18n';
import { memberKeys, useSession } from '@/features/session';
import { walletKeys } from '@/features/wallet';

export const lotteryKeys = {
  all: ['lottery'] as const,
  menu: (vn: boolean, lang: string) => [...lotteryKeys.all, 'menu', vn ? 'vn' : 'all', lang] as const,
  recent: (lang: string) => [...lotteryKeys.all, 'recent', lang] as const,
  current: (gameCode: string, prizeMode: string | undefined, lang: string) => [...lotteryKeys.all, 'current', gameCode, prizeMode ?? '', lang] as const,
  game: (gameCode: string) => [...lotteryKeys.all, 'game', gameCode] as const,
  results: (gameCode: string, page: number) => [...lotteryKeys.game(gameCode), 'results', page] as const,
  trend: (gameCode: string, limit: number) => [...lotteryKeys.game(gameCode), 'trend', limit] as const,
  bets: () => [...lotteryKeys.all, 'bets'] as const,
  betList: (q: object) => [...lotteryKeys.bets(), q] as const,
};

/** While an issue is waiting for its draw, lists are read again this often. */
export const LIVE_MS = 5_000;

function refreshMoney(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: walletKeys.balance() });
  void qc.invalidateQueries({ queryKey: memberKeys.info() });
}

/**
 * The server clock: the difference between the server's time and ours when an answer arrived,
 * so countdowns end at the server's cut-off whatever the device's clock says.
 */
export function clockSkew(serverTime: string | undefined, receivedAt: number): number {
  const t = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isNaN(t) || !receivedAt ? 0 : t - receivedAt;
}

/** Milliseconds until a list should be read again: just after the first cut-off still ahead, at most `max`. */
export function nextRead(issues: readonly (Pick<lottery.Draw, 'status' | 'closesAt'> | null)[], max: number, now = Date.now()): number {
  let wait = max;
  for (const d of issues) {
    if (!d || d.status !== 'open') continue;
    const left = Date.parse(d.closesAt) - now;
    wait = Math.min(wait, left > 0 ? left + 1_000 : 3_000);
  }
  return Math.max(1_000, wait);
}

/** The game menu: every game (/lottery…) or the VN regional ones (/vnLottery), with their current issue. */
export function useLotteryMenu(vn: boolean) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.menu(vn, language),
    queryFn: ({ signal }) => call(vn ? lottery.vnGameMenu : lottery.gameMenu, { signal, query: { language } }),
    staleTime: 15_000,
    // Every 30 s, and just after the next cut-off of a shown issue (the next issue opens then).
    refetchInterval: (q) => nextRead((q.state.data?.list ?? []).map((g) => g.current), 30_000),
  });
}

/** The lottery games the member bet on lately. */
export function useRecentLottery() {
  const { language } = useLanguage();
  const { loggedIn, trial } = useSession();
  return useQuery({
    queryKey: lotteryKeys.recent(language),
    queryFn: ({ signal }) => call(lottery.recentMenu, { signal, query: { language } }),
    enabled: loggedIn && !trial,
    select: (v) => v.list,
    staleTime: 30_000,
  });
}

export type CurrentIssue = ValueOf<typeof lottery.currentIssue>;

/**
 * The game, its current issue, the last result, bet options and limits. Read again at the cut-off
 * (the caller asks with refetch) and every few seconds while no issue is open.
 */
export function useCurrentIssue(gameCode: string, prizeMode: lottery.PrizeMode | undefined) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.current(gameCode, prizeMode, language),
    queryFn: ({ signal }) => call(lottery.currentIssue, { signal, query: { gameCode, prizeMode, language } }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
    refetchInterval: (q) => {
      const c = q.state.data?.current;
      return c && c.status === 'open' && Date.parse(c.closesAt) > Date.now() ? 60_000 : LIVE_MS;
    },
  });
}

/** Results history (opened numeros), newest first; the VN games read the regional board's call. */
export function useResults(gameCode: string, vn: boolean, pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.results(gameCode, pageNo),
    queryFn: ({ signal }) =>
      call(vn ? lottery.vnOpenedNumeros : lottery.openedNumeros, { signal, query: { gameCode, pageNo, pageSize: lottery.RESULTS_PAGE_SIZE, language } }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useTrend(gameCode: string, limit = 30) {
  return useQuery({
    queryKey: lotteryKeys.trend(gameCode, limit),
    queryFn: ({ signal }) => call(lottery.trend, { signal, query: { gameCode, limit } }),
    staleTime: 10_000,
  });
}

export interface BetQuery {
  gameCode?: string;
  status?: lottery.BetStatus;
  pageNo: number;
}

/**
 * The member's bets. While some are open they are read again every few seconds; when one of them
 * settles (fewer open bets than before) the balance is refreshed too.
 */
export function useMyBets(q: BetQuery, enabled = true) {
  const { language } = useLanguage();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: lotteryKeys.betList({ ...q, language }),
    queryFn: ({ signal }) => call(lottery.myBets, { signal, query: { ...q, pageSize: lottery.BETS_PAGE_SIZE, language } }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    enabled,
    refetchInterval: (s) => (s.state.data?.list.some((b) => b.status === 'open') ? LIVE_MS : false),
  });
  const open = query.data?.list.filter((b) => b.status === 'open').map((b) => b.orderNo);
  const lastOpen = useRef<string[] | null>(null);
  const openKey = open?.join(',');
  useEffect(() => {
    if (openKey === undefined) return;
    const now = openKey ? openKey.split(',') : [];
    const before = lastOpen.current;
    lastOpen.current = now;
    if (before && before.some((o) => !now.includes(o))) {
      refreshMoney(qc);
      void qc.invalidateQueries({ queryKey: [...lotteryKeys.all, 'game'] });
      void qc.invalidateQueries({ queryKey: [...lotteryKeys.all, 'current'] });
    }
  }, [openKey, qc]);
  return query;
}

/**
 * Mounted by the game page whatever tab is shown: watches the member's open bets of the game, so
 * a draw that settles them refreshes the balance, the results and the issue without a reload.
 */
export function useSettleWatch(gameCode: string, enabled: boolean) {
  const { loggedIn, trial } = useSession();
  return useMyBets({ gameCode, status: 'open', pageNo: 1 }, enabled && loggedIn && !trial);
}

export function usePlaceBets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: lottery.PlaceBetsBody) => call(lottery.placeBets, { body }),
    onSettled: () => {
      refreshMoney(qc);
      void qc.invalidateQueries({ queryKey: lotteryKeys.bets() });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...lotteryKeys.all, 'recent'] }),
  });
}

/** Milliseconds now on the server's clock, ticking every second. */
export function useServerNow(skew: number): number {
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const tick = () => setNow(Date.now() + skew);
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [skew]);
  return now;
}
