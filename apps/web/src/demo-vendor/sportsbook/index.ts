/**
 * The demo sportsbook's page (/demo-vendor/play/sports|esports?token=...): its own app on the
 * shared page entry. It polls the board (odds move in play; each poll also settles finished
 * matches) and the player's bets, keeps a bet slip (singles or a parlay, odds changes shown and
 * accepted or refused), shows receipts, and cashes out open bets at the offered value.
 */
import './sportsbook.css';
import { fill, h } from '../dom';
import { money, parseMinor, toDecimal } from '../format';
import { getLanguage, loadLanguage, pickLanguage } from '../i18n';
import { closeGame, errorText, inFrame } from '../shell';
import { createSportsClient, SportsApiError, type Bet, type Match, type Session, type SportsClient } from './api';
import { matchList, matchPage, type BoardCtx } from './board';
import { st } from './i18n';
import { betsPanel, slipPanel } from './panels';
import { keyOf, Slip } from './slip';

const BOARD_MS = 2000;
const BETS_MS = 4000;

export function mountSportsbook(root: HTMLElement, token: string, kind: 'sports' | 'esports'): void {
  void start(root, token, kind);
}

function fatal(root: HTMLElement, message: string, code: string, retry?: () => void) {
  fill(root, h('div', { class: 'dv-fatal' },
    h('p', {}, message, code ? h('small', {}, ` (${code})`) : null),
    h('div', { class: 'dv-fatal-actions' },
      retry ? h('button', { class: 'dv-btn', type: 'button', onClick: retry }, st('retry')) : null,
      inFrame() ? null : h('button', { class: 'dv-btn dv-btn-ghost', type: 'button', onClick: () => closeGame(null) }, st('close')))));
}

async function start(root: HTMLElement, token: string, kind: 'sports' | 'esports') {
  const forced = new URLSearchParams(window.location.search).get('lang');
  await loadLanguage(pickLanguage(forced ?? navigator.language));
  if (!token) return fatal(root, st('noSession'), '');
  fill(root, h('div', { class: 'dv-loading' }, h('span', { class: 'dv-spinner' }), st('loading')));
  const client = createSportsClient(token, getLanguage);
  let session: Session;
  try {
    session = await client.session();
  } catch (e) {
    const { message, code } = errorText(e);
    const retry = e instanceof SportsApiError && (e.status === 0 || e.status >= 500) ? () => void start(root, token, kind) : undefined;
    return fatal(root, message || st('network'), code, retry);
  }
  const lang = pickLanguage(forced ?? session.language);
  if (lang !== getLanguage()) await loadLanguage(lang);
  document.title = session.gameName;
  book(root, client, session);
}

function book(root: HTMLElement, client: SportsClient, session: Session) {
  let matches: Match[] = [];
  let offset = 0;
  let filter = 'all';
  let openId: string | null = null;
  let busy = false;
  const slip = new Slip();
  const lastOdds = new Map<string, string | null>();
  /** Cash-out buttons that were refused for a changed value: the next press takes it. */
  const cashAccept = new Set<string>();

  const balanceEl = h('strong', { class: 'dv-balance-amount', 'data-testid': 'sb-balance' }, money(session.balance));
  const errorEl = h('div', { class: 'dv-error', role: 'alert', hidden: true });
  const nav = h('nav', { class: 'sb-nav', 'aria-label': st('all') });
  const boardEl = h('section', { class: 'sb-board' });
  const fab = h('a', { class: 'sb-fab', href: '#sb-slip', 'data-testid': 'sb-fab' });

  const showError = (e: unknown) => {
    const { message, code } = errorText(e);
    errorEl.hidden = false;
    fill(errorEl, message || st('network'), code ? h('small', {}, ` (${code})`) : null,
      h('button', { class: 'dv-error-x', type: 'button', 'aria-label': st('close'), onClick: () => { errorEl.hidden = true; } }, '×'));
  };

  const ctx: BoardCtx = {
    now: () => Date.now() + offset,
    picked: (key) => slip.has(key),
    pick(m, market, selection) {
      const mk = m.markets.find((x) => x.id === market);
      const sel = mk?.selections.find((s) => s.selection === selection);
      if (!mk || !sel) return;
      slip.toggle({ matchId: m.id, market, selection, odds: sel.odds, was: null, home: m.home, away: m.away, sport: m.sport, leagueName: m.leagueName, live: m.phase === 'live', max: mk.maxStake });
      slipUi.message('');
      changed();
    },
    open(id) {
      openId = id;
      renderBoard();
      window.scrollTo({ top: 0 });
    },
    lastOdds,
  };

  const slipUi = slipPanel({ session, slip, busy: () => busy, changed: () => changed(), place });
  const betsUi = betsPanel({ cashOut });

  function changed() {
    renderBoard();
    slipUi.render();
  }

  function renderNav() {
    const chip = (code: string, label: string) => h('button', { type: 'button', class: `sb-chip${filter === code ? ' on' : ''}`, 'data-testid': `sb-filter-${code}`,
      onClick: () => { filter = code; openId = null; renderNav(); renderBoard(); } }, label);
    fill(nav, chip('all', st('all')), chip('live', `● ${st('live')}`), session.leagues.map((l) => chip(l.code, l.name)));
  }

  function renderBoard() {
    const m = openId ? matches.find((x) => x.id === openId) : undefined;
    fill(boardEl, m ? matchPage(ctx, m) : matchList(ctx, matches, filter));
    fab.textContent = `${st('slip')} (${slip.picks.length})`;
    fab.hidden = slip.picks.length === 0;
  }

  async function pollBoard() {
    try {
      const sent = Date.now();
      const b = await client.board();
      offset = Date.parse(b.serverTime) - Math.round((sent + Date.now()) / 2);
      matches = b.matches;
      slip.follow(matches);
      renderBoard();
      slipUi.render();
    } catch (e) {
      showError(e);
    }
  }

  async function pollBets() {
    try {
      const b = await client.bets();
      balanceEl.textContent = money(b.balance);
      betsUi.render(b);
    } catch (e) {
      showError(e);
    }
  }

  async function place() {
    if (busy || slip.picks.length === 0) return;
    const stake = parseMinor(slip.stake);
    if (stake === null || stake <= 0n) return;
    busy = true;
    slipUi.render();
    errorEl.hidden = true;
    const mode = slip.effectiveMode();
    const groups = mode === 'parlay' ? [slip.picks] : slip.picks.map((p) => [p]);
    try {
      for (const legs of groups) {
        const answer = await client.place(mode, toDecimal(stake), legs.map((p) => ({ matchId: p.matchId, market: p.market, selection: p.selection, odds: p.odds ?? '0' })), slip.accept);
        balanceEl.textContent = money(answer.balance);
        slipUi.receipt(answer.bet);
        for (const p of legs) slip.remove(keyOf(p));
      }
    } catch (e) {
      if (e instanceof SportsApiError && e.value.reason === 'odds.changed' && Array.isArray(e.value.legs)) {
        slip.setOdds(e.value.legs as { matchId: string; market: string; selection: string; odds: string | null }[]);
        slipUi.message(st('oddsChanged'), 'error');
      } else {
        slipUi.message(errorText(e).message, 'error');
      }
    } finally {
      busy = false;
      changed();
      void pollBets();
    }
  }

  async function cashOut(bet: Bet, btn: HTMLButtonElement) {
    if (busy || !bet.cashOut) return;
    busy = true;
    btn.disabled = true;
    try {
      const answer = await client.cashOut(bet.betId, btn.dataset.amount ?? bet.cashOut, cashAccept.has(bet.betId));
      balanceEl.textContent = money(answer.balance);
      cashAccept.delete(bet.betId);
    } catch (e) {
      if (e instanceof SportsApiError && e.value.reason === 'cashout.changed' && typeof e.value.cashOut === 'string') {
        cashAccept.add(bet.betId);
        btn.dataset.amount = e.value.cashOut;
        btn.textContent = st('cashOut', { amount: money(e.value.cashOut) });
        showError(new SportsApiError('', st('cashOutChanged', { amount: money(e.value.cashOut) }), 409, null));
      } else showError(e);
    } finally {
      busy = false;
      btn.disabled = false;
      await pollBets();
    }
  }

  fill(root, h('div', { class: `dv-page sb-page sb-kind-${session.kind}` },
    session.trial ? h('div', { class: 'dv-ribbon' }, st('playMoney')) : null,
    h('header', { class: 'dv-header' },
      h('div', { class: 'dv-title' }, h('h1', {}, session.gameName), h('div', { class: 'dv-sub' }, `${session.vendor} · ${st('margin', { v: `${Math.round(session.margin * 100)} %` })}`)),
      h('div', { class: `dv-balance${session.trial ? ' dv-balance-trial' : ''}` }, h('span', {}, st('balance')), h('div', { class: 'dv-balance-line' }, balanceEl, h('small', {}, session.currency))),
      h('button', { type: 'button', class: 'dv-close', 'aria-label': st('close'), onClick: () => closeGame(session.backUrl) }, '×')),
    errorEl, nav,
    h('main', { class: 'sb-main' }, boardEl,
      h('aside', { class: 'sb-aside' }, slipUi.el, betsUi.el,
        h('section', { class: 'sb-panel sb-rules' }, h('h2', {}, st('rules')),
          h('p', { class: 'dv-note' }, st('rulesText', { margin: `${Math.round(session.margin * 100)} %`, rtp: `${Math.round((1 - session.margin) * 100)} %` }))))),
    fab));
  renderNav();
  renderBoard();
  slipUi.render();
  betsUi.render({ open: [], settled: [] });
  void pollBoard();
  void pollBets();
  let ticks = 0;
  const timer = window.setInterval(() => {
    ticks++;
    if (!document.body.contains(boardEl)) return window.clearInterval(timer);
    if ((ticks * 1000) % BOARD_MS === 0) void pollBoard();
    else renderBoard();
    if ((ticks * 1000) % BETS_MS === 0) void pollBets();
  }, 1000);
}
