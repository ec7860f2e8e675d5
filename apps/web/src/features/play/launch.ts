/**
 * Starting a game (§2, §4, §5, §8). `useLaunchGame()(game, 'real' | 'trial')` decides what
 * happens: real play needs a login (the login popup opens and the launch continues after it)
 * and a non-trial account (the in_need_true_account warning); free trial needs neither.
 * A launch asks POST /wps/game/launchGame and opens the answer's game_url in the game popup on
 * desktop, or on the /seamless page on phones; a lottery game's answer is a page of the site,
 * navigated to. One launch at a time: clicks while one is under
 * way are dropped.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { games } from '@lobby/contract';
import { call, isApiError } from '@/lib/api';
import { errorText, useLanguage } from '@/lib/i18n';
import { usePopups } from '@/components/popups';
import { useSession, useLoginPopup, describeError } from '@/features/session';

type Game = games.Game;

export type LaunchMode = 'real' | 'trial';

/** What a click on Play leads to, before any request. */
export type LaunchStep = 'maintenance' | 'login' | 'trialWarning' | 'launch';

export function launchStep(game: Pick<Game, 'maintenance'>, mode: LaunchMode, session: { loggedIn: boolean; trial: boolean }): LaunchStep {
  if (game.maintenance) return 'maintenance';
  if (mode === 'trial') return 'launch';
  if (!session.loggedIn) return 'login';
  if (session.trial) return 'trialWarning';
  return 'launch';
}

const BACK_URL_MAX = 300;

/** A same-origin path to come back to ("/rng?vendor=X"); anything else becomes "/". */
export function safeBackPath(path: string | null | undefined): string {
  if (!path || !/^\/(?![/\\])/.test(path) || path.length > BACK_URL_MAX) return '/';
  return path;
}

/**
 * The launch request. No backUrl: our games always run in a frame (popup or /seamless), and a
 * game page given a backUrl navigates the whole window there instead of telling its parent to
 * close, which would reload the lobby.
 */
function launchBody(game: Game, mode: LaunchMode, language: string): games.LaunchBody {
  return {
    gameType: game.gameType,
    vassalage: game.vassalage,
    nodeId: game.nodeId,
    gameId: game.gameId || undefined,
    accountType: mode === 'real' ? games.ACCOUNT_TYPE.real : games.ACCOUNT_TYPE.free,
    language,
  };
}

/** Phones get the full-screen /seamless page instead of the popup: the layout's phone breakpoint, or a phone held sideways. */
export const PAGE_MEDIA_QUERY = '(max-width: 767px), (max-height: 500px)';

function opensAsPage(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(PAGE_MEDIA_QUERY).matches;
}

/**
 * Games the site renders itself (the lottery pages of §2): their launch answers a path of the
 * site, which is navigated to rather than framed (framing it would show the site in itself).
 */
const SITE_GAME_PAGES = ['/lottery', '/lottert', '/seaLottery', '/vnLottery'];

/** The site path of a game address that is one of SITE_GAME_PAGES, else null. */
export function sitePageOf(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const path = url.split(/[?#]/, 1)[0];
  return SITE_GAME_PAGES.includes(path) ? url : null;
}

function seamlessHref(url: string, back: string, name: string): string {
  return `/seamless?${new URLSearchParams({ url, back: safeBackPath(back), name }).toString()}`;
}

/** The game popup's props (registry name 'game'). */
export interface GamePopupProps {
  url: string;
  title: string;
}

/** A launch waiting for the login popup; resumed by the hook instance that asked. */
interface PendingLaunch {
  owner: object;
  game: Game;
  mode: LaunchMode;
  at: number;
}
const PENDING_MS = 5 * 60_000;
let pending: PendingLaunch | null = null;
let busy = false;

/** Test hook: forget a pending or running launch. */
export function resetLaunchState(): void {
  pending = null;
  busy = false;
}

export function useLaunchGame(): (game: Game, mode: LaunchMode) => void {
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const popups = usePopups();
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useLanguage();
  const owner = useRef({});

  const here = location.pathname + location.search;
  const state = { session, popups, navigate, here, language, openLogin };
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  const launch = useCallback((game: Game, mode: LaunchMode) => {
    const { session: s, popups: p, navigate: nav, here: back, language: lang, openLogin: login } = latest.current;
    const alert = (message: string) => p.open('alert', { message });
    const step = launchStep(game, mode, s);
    if (step === 'maintenance') return alert(errorText('game_maintenance'));
    if (step === 'login') {
      pending = { owner: owner.current, game, mode, at: Date.now() };
      return login();
    }
    if (step === 'trialWarning') return alert(errorText('in_need_true_account'));
    if (busy) return;
    busy = true;
    call(games.launchGame, { body: launchBody(game, mode, lang) })
      .then((value) => {
        const url = value.content.game_url;
        const title = game.gameName || game.nodeName;
        const page = sitePageOf(url);
        if (page) void nav(page);
        else if (opensAsPage()) void nav(seamlessHref(url, back, title), { state: { fromLaunch: true } });
        else p.open('game', { url, title });
      })
      .catch((e: unknown) => {
        if (isApiError(e) && e.errorCode === 'customer.not.login') {
          pending = { owner: owner.current, game, mode, at: Date.now() };
          return login();
        }
        alert(describeError(e));
      })
      .finally(() => {
        busy = false;
      });
  }, []);

  // Resume the launch that waited for the login popup, once the member info has arrived.
  const ready = session.loggedIn && !session.pending;
  useEffect(() => {
    if (!ready || !pending || pending.owner !== owner.current) return;
    const p = pending;
    pending = null;
    if (Date.now() - p.at <= PENDING_MS) launch(p.game, p.mode);
  }, [ready, launch]);

  return launch;
}
