/**
 * Rocket crash, shared rounds on a published hash chain: every player at the game sees the same
 * round (betting, then the flight, then the crash at the round's crash point). The page polls the
 * round (about every second, faster in flight), draws the curve from the take-off time corrected
 * by the server's clock, lists the round's players and their cash-outs, and shows the last crash
 * points with the chain's terminating hash and each round's revealed seed. The player bets during
 * betting (with an optional automatic cash-out) and may cash out by hand in flight: the server's
 * clock decides (a cash-out after the crash loses).
 */
import { DemoApiError, type CrashState, type Round } from '../api';
import { amountField, field, playBtn } from '../controls';
import { fill, h, s } from '../dom';
import { decimalToMinor, money, multiplier, percent, toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';
import { clockOffset, secondsLeft } from './table-clock';

export const MIN_CASHOUT = 1.01;
export const MAX_CASHOUT = 1000;

/** Parses an automatic cash-out ("2.5", "2,50×"); null unless 1.01..1000 with at most 2 decimals. */
export function parseCashOut(text: string): number | null {
  const v = text.trim().replace(',', '.').replace(/[x×]$/i, '');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(v)) return null;
  const n = Number(v);
  return n >= MIN_CASHOUT && n <= MAX_CASHOUT ? n : null;
}

/** The chance to reach a cash-out: P(crash ≥ c) = RTP / c. */
export function reachChance(cashOut: number, rtp: number): number {
  return Math.min(1, rtp / cashOut);
}

/** The play input of a bet; no automatic cash-out when null. */
export function crashInput(betMinor: bigint, cashOut: number | null) {
  return cashOut === null ? { bet: toDecimal(betMinor) } : { bet: toDecimal(betMinor), cashOut };
}

/** The flight's multiplier `ms` after take-off, as the server computes it: floor(100·e^(g·ms))/100. */
export function flightMultiplier(ms: number, growthPerMs: number): number {
  return ms <= 0 ? 1 : Math.floor(100 * Math.exp(growthPerMs * ms)) / 100;
}

/** The win of a cash-out now (what the button shows). */
export function cashOutWin(bet: string, x: number): bigint {
  return (decimalToMinor(bet) * BigInt(Math.round(x * 100))) / 100n;
}

const POLL_MS = 1000;
const POLL_FLYING_MS = 400;

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  const W = window.innerWidth < 600 ? 400 : 600;
  const H = window.innerWidth < 600 ? 260 : 300;
  let state: CrashState | null = null;
  let offset = 0;
  let settledShown = '';

  const bet = amountField(t('bet'), session.minBet, session.maxBet);
  const cashInput = h('input', { class: 'dv-input', inputmode: 'decimal', value: '2.00', placeholder: '—', 'aria-label': t('crash.autoOptional'), 'data-testid': 'auto-cashout' });
  const cashErr = h('p', { class: 'dv-field-error', hidden: true }, t('crash.cashOutInvalid'));
  const chance = h('p', { class: 'dv-muted' });
  const refreshChance = () => {
    const c = parseCashOut(cashInput.value);
    chance.textContent = c ? t('crash.chance', { value: percent(reachChance(c, session.rtp)) }) : cashInput.value.trim() ? '' : t('crash.autoNone');
    cashErr.hidden = true;
  };
  cashInput.addEventListener('input', refreshChance);

  const curve = s('path', { class: 'dv-crash-curve', d: '' });
  const area = s('path', { class: 'dv-crash-area', d: '' });
  const rocket = s('g', { class: 'dv-rocket' },
    s('path', { d: 'M-14,-6 L10,-6 Q22,0 10,6 L-14,6 Z', fill: '#e8edf7' }),
    s('path', { d: 'M-14,-6 L-22,-14 L-8,-6 Z M-14,6 L-22,14 L-8,6 Z', fill: '#ef4b5f' }),
    s('circle', { cx: 4, cy: 0, r: 3, fill: '#3aa0ff' }),
    s('path', { class: 'dv-flame', d: 'M-14,-4 L-30,0 L-14,4 Z', fill: '#ffb020' }));
  const boom = s('g', { class: 'dv-boom', opacity: 0 },
    Array.from({ length: 10 }, (_, i) => s('line', { x1: 0, y1: 0, x2: 26 * Math.cos((i * Math.PI) / 5), y2: 26 * Math.sin((i * Math.PI) / 5), stroke: '#ffb020', 'stroke-width': 4, 'stroke-linecap': 'round' })),
    s('circle', { r: 12, fill: '#ff5a36' }));
  const counter = h('div', { class: 'dv-crash-counter' }, '1.00×');
  const phaseEl = h('div', { class: 'dv-crash-phase', role: 'status' });
  const tickEls = Array.from({ length: 4 }, (_, i) => s('text', { class: 'dv-tick', x: 8, y: (H / 5) * (i + 1) - 6 }, ''));
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'dv-crash-svg', style: `aspect-ratio:${W} / ${H}`, 'aria-hidden': 'true' },
    s('defs', {}, s('linearGradient', { id: 'dvCrashFill', x1: 0, y1: 0, x2: 0, y2: 1 },
      s('stop', { offset: '0%', 'stop-color': '#3aa0ff', 'stop-opacity': 0.45 }),
      s('stop', { offset: '100%', 'stop-color': '#3aa0ff', 'stop-opacity': 0 }))),
    Array.from({ length: 5 }, (_, i) => s('line', { class: 'dv-grid', x1: 0, x2: W, y1: (H / 5) * i, y2: (H / 5) * i })),
    s('g', {}, tickEls), area, curve, rocket, boom);
  const lastEl = h('div', { class: 'dv-crash-last', 'aria-label': t('crash.last') });
  const playersEl = h('div', { class: 'dv-crash-players' });
  const myEl = h('p', { class: 'dv-muted dv-crash-mine' });
  const chainEl = h('div', { class: 'dv-crash-chain' });

  /** Draws the curve up to `ms` after take-off (x: time, y: multiplier, both scales growing with the flight). */
  function frame(ms: number, crashed: boolean) {
    const g = state?.growthPerMs ?? 0.00012;
    const xMax = Math.max(8_000, ms * 1.15);
    const top = flightMultiplier(ms, g);
    const yMax = Math.max(2, top * 1.25);
    const pts: string[] = [];
    let x = 0;
    let y = H;
    for (let i = 0; i <= 60; i++) {
      const tt = (ms * i) / 60;
      x = (tt / xMax) * W;
      y = H - ((Math.exp(g * tt) - 1) / (yMax - 1)) * H;
      pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
    }
    curve.setAttribute('d', `M${pts.join(' L')}`);
    area.setAttribute('d', `M0,${H} L${pts.join(' L')} L${x.toFixed(1)},${H} Z`);
    const angle = (Math.atan2(-((g * Math.exp(g * ms)) / (yMax - 1)) * H, W / xMax) * 180) / Math.PI;
    rocket.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${Math.max(-70, Math.min(0, angle)).toFixed(1)})`);
    boom.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)})`);
    boom.setAttribute('opacity', crashed ? '1' : '0');
    svg.classList.toggle('dv-crashed', crashed);
    tickEls.forEach((el, i) => { el.textContent = multiplier(1 + ((yMax - 1) * (4 - i)) / 5); });
  }

  const serverNow = () => Date.now() + offset;
  const mine = () => state?.myBet ?? null;
  /** The phase at the server's time now: betting turns to the flight at take-off before the next poll says so. */
  const phase = () => (!state ? null : state.phase === 'betting' && serverNow() >= Date.parse(state.flightAt) ? 'flying' : state.phase);
  const inFlight = () => phase() === 'flying';

  const placeBtn = ctx.playButton(playBtn(t('crash.placeBet'), () => {
    const raw = cashInput.value.trim();
    const c = raw ? parseCashOut(raw) : null;
    cashErr.hidden = !raw || c !== null;
    const b = bet.read();
    if (b === null || (raw && c === null)) return;
    if (c !== null) cashInput.value = c.toFixed(2);
    void ctx.play(crashInput(b, c), async (round: Round) => {
      if (state) state = { ...state, myBet: { bet: round.bet, cashOut: c, cashedOut: null, payout: null } };
      paint();
    });
  }));
  const cashBtn = h('button', { type: 'button', class: 'dv-btn dv-btn-play dv-btn-cash', onClick: () => void cashOut() }, t('crash.cashOutNow', { amount: '' }));
  let cashing = false;
  let playersFlying = false;

  async function cashOut() {
    const m = mine();
    if (!m || cashing || !inFlight()) return;
    cashing = true;
    cashBtn.disabled = true;
    try {
      const a = await ctx.client.cashout();
      ctx.setBalance(a.balance);
      if (state) state = { ...state, myBet: { ...m, cashedOut: a.cashedOut, payout: a.round.payout } };
      ctx.payoutResult(a.round.payout, t('crash.cashedOut', { x: multiplier(a.cashedOut) }));
    } catch (e) {
      ctx.error(e);
    } finally {
      cashing = false;
      paint();
    }
  }

  function paintPlayers() {
    if (!state) return;
    const rows = state.players;
    const ph = phase();
    fill(playersEl, h('h3', {}, t('crash.players', { n: rows.length })), rows.length
      ? h('ul', { class: 'dv-crash-list' }, rows.map((p) => h('li', { class: p.cashedOut !== null ? 'won' : ph === 'crashed' ? 'lost' : '' },
        h('span', { class: 'dv-crash-name' }, p.me ? `${p.name} (${t('crash.you')})` : p.name),
        h('span', { class: 'num' }, money(p.bet)),
        h('span', { class: 'num' }, p.cashedOut !== null ? multiplier(p.cashedOut) : ph === 'crashed' ? t('crash.lost') : ph === 'flying' ? t('crash.inFlight') : '—'),
        h('strong', { class: 'num' }, p.payout !== null && p.cashedOut !== null ? money(p.payout) : ''))))
      : h('p', { class: 'dv-muted' }, t('crash.noPlayers')));
  }

  function paintChain() {
    if (!state) return;
    const c = state.chain;
    const last = state.results[0];
    const verify = last ? `/fairness?${new URLSearchParams({ game: 'crash', serverSeed: last.serverSeed, clientSeed: c.salt, nonce: '0', hash: last.serverSeedHash, terminatingHash: c.terminatingHash }).toString()}` : null;
    fill(chainEl,
      h('h3', {}, t('crash.chain')),
      h('p', { class: 'dv-muted' }, t('crash.chainPos', { i: c.index, n: c.length, id: c.id })),
      h('dl', {},
        h('dt', {}, t('crash.terminating')), h('dd', {}, h('code', { class: 'dv-hash', 'data-testid': 'terminating-hash' }, c.terminatingHash)),
        h('dt', {}, t('crash.roundHash')), h('dd', {}, h('code', { class: 'dv-hash' }, state.serverSeedHash)),
        h('dt', {}, t('crash.salt')), h('dd', {}, h('code', { class: 'dv-hash' }, c.salt)),
        last ? [h('dt', {}, t('crash.lastSeed', { id: last.roundId })), h('dd', {}, h('code', { class: 'dv-hash', 'data-testid': 'revealed-seed' }, last.serverSeed))] : null),
      h('p', { class: 'dv-note' }, t('crash.chainNote'), ' ', verify ? h('a', { href: verify, target: '_blank', rel: 'noopener' }, t('verify')) : null));
  }

  function paint() {
    if (!state) return;
    const now = serverNow();
    const flightAt = Date.parse(state.flightAt);
    const m = mine();
    const wasFlying = playersFlying;
    playersFlying = inFlight();
    if (playersFlying !== wasFlying) paintPlayers();
    if (state.phase === 'betting' && now < flightAt) {
      phaseEl.textContent = t('crash.betting', { s: secondsLeft(state.flightAt, Date.now(), offset) });
      counter.className = 'dv-crash-counter';
      counter.textContent = multiplier(1);
      frame(0.0001, false);
    } else if (state.phase === 'crashed') {
      phaseEl.textContent = state.nextAt ? t('crash.next', { s: secondsLeft(state.nextAt, Date.now(), offset) }) : '';
      counter.className = 'dv-crash-counter dv-crashed-text';
      counter.textContent = t('crash.crashed', { x: multiplier(state.crashPoint ?? 1) });
      frame(Date.parse(state.crashedAt ?? state.flightAt) - flightAt, true);
    } else {
      const x = flightMultiplier(now - flightAt, state.growthPerMs);
      phaseEl.textContent = t('crash.flying');
      counter.className = 'dv-crash-counter dv-flying';
      counter.textContent = multiplier(x);
      frame(Math.max(0, now - flightAt), false);
    }
    const canBet = state.phase === 'betting' && now < flightAt && !m;
    placeBtn.dataset.blocked = canBet ? '' : '1';
    placeBtn.disabled = !canBet || ctx.busy();
    const live = inFlight() && !!m && m.cashedOut === null;
    cashBtn.hidden = !live;
    cashBtn.disabled = !live || cashing;
    if (live && m) cashBtn.textContent = t('crash.cashOutNow', { amount: money(cashOutWin(m.bet, flightMultiplier(now - flightAt, state.growthPerMs))) });
    myEl.textContent = m
      ? `${t('crash.myBet', { amount: money(m.bet) })}${m.cashOut ? ` · ${t('crash.auto', { x: multiplier(m.cashOut) })}` : ''}${m.cashedOut !== null ? ` · ${t('crash.cashedOut', { x: multiplier(m.cashedOut) })}` : ''}`
      : state.phase === 'betting' ? '' : t('crash.waitNext');
  }

  async function onCrashed(next: CrashState) {
    const res = next.results[0];
    fill(lastEl, next.results.slice(0, 12).map((r) => h('span', { class: `dv-crash-chip ${r.crashPoint >= 2 ? 'hi' : 'lo'}`, title: r.roundId }, multiplier(r.crashPoint))));
    if (!res || res.roundId === settledShown) return;
    settledShown = res.roundId;
    const my = next.roundId === res.roundId ? next.myBet : null;
    if (my) {
      await ctx.refresh();
      if (my.cashedOut === null) ctx.payoutResult('0.00', t('crash.crashed', { x: multiplier(res.crashPoint) }));
      else if (my.cashOut !== null && my.cashedOut === my.cashOut) ctx.payoutResult(my.payout ?? '0.00', t('crash.cashedOut', { x: multiplier(my.cashedOut) }));
    }
  }

  let stopped = false;
  async function poll() {
    if (stopped) return;
    const sent = Date.now();
    try {
      const next = await ctx.client.crash();
      offset = clockOffset(next.serverTime, sent, Date.now());
      state = next;
      ctx.setFairness({ ...ctx.fairness(), serverSeedHash: next.serverSeedHash, clientSeed: next.chain.salt, nonce: next.chain.index, nextServerSeedHash: '' });
      paintPlayers();
      paintChain();
      await onCrashed(next);
      paint();
    } catch (e) {
      ctx.error(e);
      if (e instanceof DemoApiError && e.errorCode === 'demo.session.invalid') stopped = true;
    }
    if (!stopped) setTimeout(() => void poll(), inFlight() ? POLL_FLYING_MS : POLL_MS);
  }
  let raf = 0;
  const loop = () => {
    paint();
    raf = requestAnimationFrame(loop);
  };
  window.addEventListener('pagehide', () => { stopped = true; cancelAnimationFrame(raf); });

  frame(0.0001, false);
  ctx.stage.append(h('div', { class: 'dv-crash' }, svg, counter, phaseEl), lastEl, playersEl);
  ctx.controls.append(bet.el, field(t('crash.autoOptional'), cashInput, chance, cashErr), placeBtn, cashBtn, myEl);
  // The chain replaces the seed-pair panel: rounds take their seeds from the chain, not from a player's pair.
  const fair = document.querySelector('.dv-fair');
  if (fair) fill(fair, h('h2', {}, t('fairness')), chainEl);
  else ctx.fairnessExtra.append(chainEl);
  refreshChance();
  void poll();
  raf = requestAnimationFrame(loop);
}
