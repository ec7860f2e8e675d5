/**
 * Entry of the demo vendor's game pages (/demo-vendor/play/<engine>?token=...): reads the
 * session of the launch token, picks the language, builds the shared frame and mounts the game.
 */
import './styles.css';
import { createClient, DemoApiError, readLocation, type Engine, type Session } from './api';
import { fill, h } from './dom';
import { getLanguage, loadLanguage, pickLanguage, t } from './i18n';
import * as baccarat from './games/baccarat';
import * as crash from './games/crash';
import * as dice from './games/dice';
import * as fish from './games/fish';
import * as keno from './games/keno';
import * as slot5 from './games/slot5';
import { closeGame, errorText, inFrame, mountShell, type GameContext } from './shell';
import { mountSportsbook } from './sportsbook';
import { mountCockfight } from './cockfight';

// Imported statically: the six screens weigh about 12 KB gzipped together, and a dynamic import
// would pull Vite's preload helper into a chunk shared with the lobby's entry.
const games: Record<Engine, (ctx: GameContext) => void> = {
  slot5: slot5.mount,
  baccarat: baccarat.mount,
  fish: fish.mount,
  dice: dice.mount,
  crash: crash.mount,
  keno: keno.mount,
};

/** Names of the fish targets for the history list (the other engines' outcomes name none). */
function targetNames(session: Session): (code: string) => string {
  const names = new Map(fish.fishTargets(session.info).map((x) => [x.code, x.name]));
  return (code) => names.get(code) ?? code;
}

function fatal(root: HTMLElement, message: string, code: string, retry?: () => void) {
  fill(root, h('div', { class: 'dv-fatal' },
    h('p', {}, message, code ? h('small', {}, ` (${code})`) : null),
    h('div', { class: 'dv-fatal-actions' },
      retry ? h('button', { class: 'dv-btn', type: 'button', onClick: retry }, t('retry')) : null,
      inFrame() ? null : h('button', { class: 'dv-btn dv-btn-ghost', type: 'button', onClick: () => closeGame(null) }, t('close')))));
}

async function start(root: HTMLElement) {
  const { engine, token } = readLocation(window.location);
  await loadLanguage(pickLanguage(new URLSearchParams(window.location.search).get('lang') ?? navigator.language));
  if (!engine) return fatal(root, t('error.engine'), '');
  if (!token) return fatal(root, t('error.noSession'), '');
  fill(root, h('div', { class: 'dv-loading' }, h('span', { class: 'dv-spinner' }), t('loading')));
  const client = createClient(token, getLanguage);
  let session: Session;
  try {
    session = await client.session();
  } catch (e) {
    const { message, code } = errorText(e);
    const retry = e instanceof DemoApiError && (e.status === 0 || e.status >= 500) ? () => void start(root) : undefined;
    return fatal(root, message || t('error.network'), code, retry);
  }
  const lang = pickLanguage(session.language);
  if (lang !== getLanguage()) await loadLanguage(lang);
  document.title = session.gameName;
  games[session.engine](mountShell(root, session, client, targetNames(session)));
}

/** Sports, e-sports and cockfights are apps of their own (their own API and screens) on this page entry. */
function ownApp(root: HTMLElement): boolean {
  const kind = window.location.pathname.replace(/\/+$/, '').split('/').pop();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  if (kind === 'sports' || kind === 'esports') mountSportsbook(root, token, kind);
  else if (kind === 'cockfight') mountCockfight(root, token);
  else return false;
  return true;
}

const root = document.getElementById('dv-root')!;
if (!ownApp(root)) void start(root);
