/**
 * The demo cockfight derby's page (/demo-vendor/play/cockfight?token=...): its own app on the
 * shared page entry. The page polls the derby (current fight, odds moving with the pools, last
 * results, my bets; each poll also settles fights that ended), counts down with the server's
 * clock, and places Meron / Draw / Wala bets on the fight it shows.
 */
import './cockfight.css';
import { FairStream, sha256Hex } from '@lobby/contract/fairness';
import { DemoApiError } from '../api';
import { fill, h } from '../dom';
import { decimalToMinor, money, parseMinor, toDecimal } from '../format';
import { getLanguage, loadLanguage, pickLanguage } from '../i18n';
import { clockOffset, phaseLeft, secondsLeft } from '../games/table-clock';
import { closeGame, errorText, inFrame } from '../shell';
import { createCockfightClient, type Bet, type CockfightClient, type Side, type State } from './api';
import { dayFightNo, pct, roosterArt, stateLabel, tally, trendBoard } from './board';
import { ct } from './i18n';

const POLL_MS = 1500;
const SIDES: Side[] = ['meron', 'draw', 'wala'];
const CHIPS = ['10', '50', '100', '500', '1000'];

export function mountCockfight(root: HTMLElement, token: string): void {
  void start(root, token);
}

function fatal(root: HTMLElement, message: string, code: string, retry?: () => void) {
  fill(root, h('div', { class: 'dv-fatal' },
    h('p', {}, message, code ? h('small', {}, ` (${code})`) : null),
    h('div', { class: 'dv-fatal-actions' },
      retry ? h('button', { class: 'dv-btn', type: 'button', onClick: retry }, ct('retry')) : null,
      inFrame() ? null : h('button', { class: 'dv-btn dv-btn-ghost', type: 'button', onClick: () => closeGame(null) }, ct('close')))));
}

async function start(root: HTMLElement, token: string) {
  const forced = new URLSearchParams(window.location.search).get('lang');
  await loadLanguage(pickLanguage(forced ?? navigator.language));
  if (!token) return fatal(root, ct('noSession'), '');
  fill(root, h('div', { class: 'dv-loading' }, h('span', { class: 'dv-spinner' }), ct('loading')));
  const client = createCockfightClient(token, getLanguage);
  const sentAt = Date.now();
  let first: State;
  try {
    first = await client.state();
  } catch (e) {
    const { message, code } = errorText(e);
    const retry = e instanceof DemoApiError && (e.status === 0 || e.status >= 500) ? () => void start(root, token) : undefined;
    return fatal(root, message || ct('network'), code, retry);
  }
  // the launch's language, unless the link names one
  const lang = pickLanguage(forced ?? first.language);
  if (lang !== getLanguage()) await loadLanguage(lang);
  document.title = first.gameName;
  derby(root, client, first, clockOffset(first.serverTime, sentAt, Date.now()));
}

function derby(root: HTMLElement, client: CockfightClient, first: State, offset0: number) {
  let st = first;
  let offset = offset0;
  let side: Side | null = null;
  let busy = false;
  let polling = false;
  let lastResultNo = first.results[0]?.fightNo ?? null;
  const cycleMs = (first.rules.bettingSeconds + first.rules.fightSeconds) * 1000;
  const no = (fightNo: number) => dayFightNo(fightNo, cycleMs);

  const balanceEl = h('strong', { class: 'dv-balance-amount', 'data-testid': 'cf-balance' }, money(st.balance));
  const titleSub = h('div', { class: 'dv-sub' });
  const errorEl = h('div', { class: 'dv-error', role: 'alert', hidden: true });
  const msgEl = h('div', { class: 'cf-msg', role: 'status', 'aria-live': 'polite' });
  const phaseEl = h('div', { class: 'cf-phase' });
  const countEl = h('div', { class: 'cf-count', 'data-testid': 'cf-count' });
  const bar = h('div', { class: 'dv-ring-bar cf-bar' }, h('span', {}));
  const bannerEl = h('div', { class: 'cf-banner', hidden: true, 'data-testid': 'cf-banner' });
  const pit = h('div', { class: 'cf-pit' });
  const hashEl = h('code', { class: 'dv-hash' });
  const boardEl = h('div', { class: 'cf-board-wrap' });
  const tallyEl = h('div', { class: 'cf-tally' });
  const betsEl = h('div', { class: 'cf-bets' });
  const seedEl = h('div', { class: 'cf-seed' });
  const sideBtns = new Map<Side, HTMLButtonElement>();
  const sideOdds = new Map<Side, HTMLElement>();
  const sidePool = new Map<Side, HTMLElement>();
  const sideName = new Map<Side, HTMLElement>();
  const sideFacts = new Map<Side, HTMLElement>();

  for (const sd of SIDES) {
    const odds = h('strong', { class: 'cf-odds', 'data-testid': `cf-odds-${sd}` });
    const pool = h('span', { class: 'cf-pool' });
    const name = h('span', { class: 'cf-name' });
    const facts = h('span', { class: 'cf-facts' });
    sideOdds.set(sd, odds);
    sidePool.set(sd, pool);
    sideName.set(sd, name);
    sideFacts.set(sd, facts);
    const art = sd === 'draw' ? h('div', { class: 'cf-vs' }, ct('vs')) : h('span', { class: 'cf-art' }, roosterArt(sd === 'meron' ? '#e0262e' : '#2f7bf0', sd === 'wala'));
    const btn = h('button', {
      type: 'button', class: `cf-side cf-side-${sd}`, 'aria-pressed': 'false', 'data-testid': `cf-side-${sd}`,
      onClick: () => { side = sd; paintSides(); paintPlace(); },
    }, h('span', { class: 'cf-side-label' }, ct(sd)), art, name, facts, odds, pool);
    sideBtns.set(sd, btn);
  }
  fill(pit, SIDES.map((sd) => sideBtns.get(sd)!));

  const amountInput = h('input', {
    class: 'dv-input dv-amount', inputmode: 'decimal', autocomplete: 'off', value: '10.00', 'aria-label': ct('amount'), 'data-testid': 'cf-amount',
  });
  amountInput.addEventListener('input', () => paintPlace());
  const chipRow = h('div', { class: 'cf-chips', role: 'group', 'aria-label': ct('amount') },
    CHIPS.map((c) => h('button', { type: 'button', class: 'dv-btn dv-btn-small cf-chip', onClick: () => { amountInput.value = `${c}.00`; paintPlace(); } }, money(`${c}.00`).replace(/\.00$/, ''))));
  const placeBtn = h('button', { type: 'button', class: 'dv-btn-play cf-place', 'data-testid': 'cf-place', onClick: () => void place() }, ct('placeIdle'));
  const limits = h('p', { class: 'dv-muted' }, ct('limits', { min: money(st.minBet), max: money(st.maxBet) }));

  const r = st.rules;
  const rules = h('details', { class: 'dv-panel cf-rules' },
    h('summary', {}, h('h2', {}, ct('rules'))),
    h('p', { class: 'dv-note' }, ct('rule1', { commission: pct(r.commission) })),
    h('p', { class: 'dv-note' }, ct('rule2', { draw: r.drawPays })),
    h('p', { class: 'dv-note', 'data-testid': 'cf-edge' }, ct('rule3', { edgeMW: pct(r.houseEdge.meronWala), edgeDraw: pct(r.houseEdge.draw), cancel: pct(r.cancelPer10k / 10_000), drawP: pct(r.drawPer10k / 10_000) })),
    h('p', { class: 'dv-note' }, ct('rule4', { bet: r.bettingSeconds, fight: r.fightSeconds })),
    h('h3', {}, ct('fair')),
    h('p', { class: 'dv-note' }, ct('fairNote', { cancel: r.cancelPer10k, decisive: r.cancelPer10k + r.drawPer10k })),
    h('p', { class: 'dv-muted' }, ct('hashNow')), hashEl, seedEl);

  fill(root, h('div', { class: 'dv-page cf-page' },
    st.trial ? h('div', { class: 'dv-ribbon' }, ct('playMoney')) : null,
    h('header', { class: 'dv-header' },
      h('div', { class: 'dv-title' }, h('h1', {}, st.gameName), titleSub),
      h('div', { class: `dv-balance${st.trial ? ' dv-balance-trial' : ''}` }, h('span', {}, ct('balance')), h('div', { class: 'dv-balance-line' }, balanceEl, h('small', {}, st.currency))),
      inFrame() ? null : h('button', { class: 'dv-close', type: 'button', 'aria-label': ct('close'), title: ct('close'), onClick: () => closeGame(st.backUrl) }, '×')),
    errorEl,
    h('div', { class: 'cf-main' },
      h('div', { class: 'cf-side-col' },
        h('section', { class: 'cf-arena', 'data-testid': 'cf-arena' },
          h('div', { class: 'cf-phase-row' }, phaseEl, countEl), bar, pit, bannerEl,
          h('div', { class: 'cf-betbox' },
            h('p', { class: 'dv-muted' }, ct('pick')),
            h('div', { class: 'cf-amount-row' }, amountInput, chipRow), placeBtn, limits, msgEl)),
        h('section', { class: 'dv-panel cf-mybets', 'data-testid': 'cf-mybets' }, h('h2', {}, ct('myBets')), betsEl)),
      h('aside', { class: 'cf-side-col' },
        h('section', { class: 'dv-panel', 'data-testid': 'cf-board' }, h('h2', {}, ct('board')), boardEl, tallyEl),
        rules))));

  function showError(e: unknown) {
    const { message, code } = errorText(e);
    fill(errorEl, h('span', {}, message || ct('network')), code ? h('small', {}, ` (${code})`) : null,
      h('button', { type: 'button', class: 'dv-error-x', 'aria-label': ct('close'), onClick: () => { errorEl.hidden = true; } }, '×'));
    errorEl.hidden = false;
  }

  const betting = () => st.fight.phase === 'betting' && secondsLeft(st.fight.closesAt, Date.now(), offset) > 0;

  function paintSides() {
    for (const sd of SIDES) {
      const on = side === sd;
      const btn = sideBtns.get(sd)!;
      btn.classList.toggle('on', on);
      btn.setAttribute('aria-pressed', String(on));
      btn.disabled = !betting();
    }
  }

  function paintPlace() {
    const minor = parseMinor(amountInput.value);
    placeBtn.textContent = side && minor ? ct('place', { amount: money(minor), side: ct(side) }) : ct('placeIdle');
    placeBtn.disabled = busy || !side || !betting();
  }

  function paintFight() {
    const f = st.fight;
    titleSub.textContent = ct('fight', { n: no(f.fightNo) });
    titleSub.title = f.fightId;
    for (const sd of SIDES) {
      sideOdds.get(sd)!.textContent = sd === 'draw' ? ct('drawPays', { odds: f.odds.draw }) : ct('odds', { odds: f.odds[sd] });
      sidePool.get(sd)!.textContent = ct('pool', { amount: money(f.pools[sd]) });
      if (sd !== 'draw') {
        const ro = f[sd];
        sideName.get(sd)!.textContent = ro.name;
        fill(sideFacts.get(sd)!, h('bdi', {}, ct('weight', { kg: (ro.weight / 1000).toFixed(2) })), ' · ', h('bdi', {}, ct('record', { w: ro.wins, l: ro.losses })));
      }
    }
    hashEl.textContent = f.serverSeedHash;
    paintSides();
    paintPlace();
  }

  function paintBoard() {
    fill(boardEl, trendBoard(st.results, cycleMs));
    const n = tally(st.results);
    fill(tallyEl, (['meron', 'wala', 'draw', 'cancelled'] as const).map((k) => h('span', { class: `cf-tally-${k}` }, `${ct(k)} ${n[k]}`)));
    const last = st.results[0];
    if (last) {
      // the hash shown before betting, and the roll recomputed here from the revealed seed
      const ok = sha256Hex(last.serverSeed) === last.serverSeedHash && new FairStream(last.serverSeed, last.fightId, 0).intBelow(10_000) === last.roll;
      fill(seedEl, h('p', { class: 'dv-muted' }, ct('seedOf', { n: no(last.fightNo), roll: last.roll })),
        h('p', { class: 'dv-muted' }, h('code', {}, last.fightId)), h('code', { class: 'dv-hash' }, last.serverSeed),
        h('p', { class: ok ? 'dv-ok' : 'dv-field-error' }, ct(ok ? 'hashOk' : 'hashBad')));
    }
  }

  function paintBets() {
    if (st.myBets.length === 0) return fill(betsEl, h('p', { class: 'dv-muted' }, ct('noBets')));
    fill(betsEl, h('table', { class: 'dv-history cf-bets-table' },
      h('thead', {}, h('tr', {}, [ct('colFight'), ct('colSide'), ct('colAmount'), ct('colOdds'), ct('colState'), ct('colPayout')].map((c, i) => h('th', { class: i >= 2 && i !== 4 ? 'num' : '' }, c)))),
      h('tbody', {}, st.myBets.map((b: Bet) => h('tr', { class: `cf-bet-${b.state}`, 'data-state': b.state, 'data-bet': b.betId },
        h('td', {}, `#${no(b.fightNo)}`), h('td', {}, h('span', { class: `cf-chip-side cf-chip-${b.side}` }, ct(b.side))),
        h('td', { class: 'num' }, money(b.amount)), h('td', { class: 'num' }, h('bdi', {}, b.side === 'draw' ? `×${st.rules.drawPays}` : `×${b.oddsAtBet}`)),
        h('td', {}, stateLabel(b)), h('td', { class: 'num' }, b.state === 'open' ? '—' : money(b.payout)))))));
  }

  function tick() {
    const f = st.fight;
    const now = Date.now();
    if (betting()) {
      phaseEl.textContent = ct('betting');
      countEl.textContent = ct('closesIn', { s: secondsLeft(f.closesAt, now, offset) });
      (bar.firstElementChild as HTMLElement).style.width = `${(phaseLeft(Date.parse(f.opensAt), f.closesAt, now, offset) * 100).toFixed(1)}%`;
      pit.classList.remove('cf-fighting');
    } else {
      phaseEl.textContent = ct('fighting');
      countEl.textContent = ct('resultIn', { s: secondsLeft(f.endsAt, now, offset) });
      (bar.firstElementChild as HTMLElement).style.width = '0%';
      pit.classList.add('cf-fighting');
    }
    root.querySelector('.cf-page')?.setAttribute('data-phase', betting() ? 'betting' : 'fighting');
    paintSides();
    paintPlace();
  }

  function announce() {
    const last = st.results[0];
    if (!last || last.fightNo === lastResultNo) return;
    lastResultNo = last.fightNo;
    const text = last.result === 'cancelled' || last.result === 'draw' ? ct(last.result) : ct('wins', { side: ct(last.result) });
    bannerEl.className = `cf-banner cf-banner-${last.result}`;
    bannerEl.textContent = ct('lastResult', { n: no(last.fightNo), result: text });
    bannerEl.hidden = false;
    window.setTimeout(() => { if (lastResultNo === last.fightNo) bannerEl.hidden = true; }, 6000);
  }

  async function poll() {
    if (polling) return;
    polling = true;
    const sentAt = Date.now();
    try {
      const next = await client.state();
      offset = clockOffset(next.serverTime, sentAt, Date.now());
      if (next.fight.fightNo !== st.fight.fightNo) side = null;
      st = next;
      balanceEl.textContent = money(st.balance);
      paintFight();
      paintBoard();
      paintBets();
      announce();
    } catch (e) {
      if (e instanceof DemoApiError && e.errorCode === 'demo.session.invalid') showError(e);
    } finally {
      polling = false;
    }
  }

  async function place() {
    const minor = parseMinor(amountInput.value);
    const min = decimalToMinor(st.minBet);
    const max = decimalToMinor(st.maxBet);
    if (!side || busy) return;
    if (minor === null || minor < min || minor > max) {
      msgEl.className = 'cf-msg cf-msg-bad';
      msgEl.textContent = ct('amountInvalid', { min: money(st.minBet), max: money(st.maxBet) });
      return;
    }
    if (!betting()) {
      msgEl.textContent = ct('closed');
      return;
    }
    busy = true;
    errorEl.hidden = true;
    paintPlace();
    try {
      const a = await client.bet(st.fight.fightNo, side, toDecimal(minor));
      balanceEl.textContent = money(a.balance);
      st = { ...st, balance: a.balance, fight: a.fight, myBets: [a.bet, ...st.myBets.filter((b) => b.betId !== a.bet.betId)] };
      msgEl.className = 'cf-msg cf-msg-ok';
      msgEl.textContent = ct('placed', { amount: money(a.bet.amount), side: ct(a.bet.side), n: no(a.bet.fightNo) });
      paintFight();
      paintBets();
    } catch (e) {
      msgEl.textContent = '';
      showError(e);
    } finally {
      busy = false;
      paintPlace();
    }
  }

  paintFight();
  paintBoard();
  paintBets();
  tick();
  window.setInterval(tick, 250);
  window.setInterval(() => void poll(), POLL_MS);
}
