/**
 * Rocket crash: the multiplier rises from 1.00× until the crash point; the automatic cash-out
 * wins when it is at or below the crash point (paying cash-out × bet). The rocket flies the
 * round's curve up to the crash after the answer has come back.
 */
import type { Round } from '../api';
import { amountField, field, playBtn } from '../controls';
import { h, prefersReducedMotion, s } from '../dom';
import { money, multiplier, percent, toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';

export const MIN_CASHOUT = 1.01;
export const MAX_CASHOUT = 1000;
/** Growth of the curve: m(τ) = e^(GROWTH τ), τ in seconds of game time (2× at about 2.8 s). */
export const GROWTH = 0.25;

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

/** Game seconds to reach a multiplier, and the speed-up so that a round lasts at most `maxSeconds`. */
export function flightPlan(crashPoint: number, maxSeconds = 6): { gameSeconds: number; speed: number } {
  const gameSeconds = Math.log(Math.max(1, crashPoint)) / GROWTH;
  return { gameSeconds, speed: Math.max(1, gameSeconds / maxSeconds) };
}

export function crashInput(betMinor: bigint, cashOut: number) {
  return { bet: toDecimal(betMinor), cashOut };
}

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  // A squarer chart on phones so the flight stays readable (the SVG keeps its aspect ratio).
  const W = window.innerWidth < 600 ? 400 : 600;
  const H = window.innerWidth < 600 ? 300 : 320;
  const bet = amountField(t('bet'), session.minBet, session.maxBet);
  const cashInput = h('input', { class: 'dv-input', inputmode: 'decimal', value: '2.00', 'aria-label': t('crash.cashOut') });
  const cashErr = h('p', { class: 'dv-field-error', hidden: true }, t('crash.cashOutInvalid'));
  const chance = h('p', { class: 'dv-muted' });
  const refreshChance = () => {
    const c = parseCashOut(cashInput.value);
    chance.textContent = c ? t('crash.chance', { value: percent(reachChance(c, session.rtp)) }) : '';
    cashErr.hidden = true;
  };
  cashInput.addEventListener('input', refreshChance);

  const curve = s('path', { class: 'dv-crash-curve', d: '' });
  const area = s('path', { class: 'dv-crash-area', d: '' });
  const cashLine = s('line', { class: 'dv-crash-cashline', x1: 0, x2: W, y1: H, y2: H });
  const rocket = s('g', { class: 'dv-rocket' },
    s('path', { d: 'M-14,-6 L10,-6 Q22,0 10,6 L-14,6 Z', fill: '#e8edf7' }),
    s('path', { d: 'M-14,-6 L-22,-14 L-8,-6 Z M-14,6 L-22,14 L-8,6 Z', fill: '#ef4b5f' }),
    s('circle', { cx: 4, cy: 0, r: 3, fill: '#3aa0ff' }),
    s('path', { class: 'dv-flame', d: 'M-14,-4 L-30,0 L-14,4 Z', fill: '#ffb020' }));
  const boom = s('g', { class: 'dv-boom', opacity: 0 },
    Array.from({ length: 10 }, (_, i) => s('line', { x1: 0, y1: 0, x2: 26 * Math.cos((i * Math.PI) / 5), y2: 26 * Math.sin((i * Math.PI) / 5), stroke: '#ffb020', 'stroke-width': 4, 'stroke-linecap': 'round' })),
    s('circle', { r: 12, fill: '#ff5a36' }));
  const counter = h('div', { class: 'dv-crash-counter' }, '1.00×');
  // Multiplier labels on the grid lines (the scale grows with the flight).
  const tickEls = Array.from({ length: 4 }, (_, i) => s('text', { class: 'dv-tick', x: 8, y: (H / 5) * (i + 1) - 6 }, ''));
  const ticks = s('g', {}, tickEls);
  const badge = h('div', { class: 'dv-crash-badge', hidden: true });
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'dv-crash-svg', style: `aspect-ratio:${W} / ${H}`, 'aria-hidden': 'true' },
    s('defs', {}, s('linearGradient', { id: 'dvCrashFill', x1: 0, y1: 0, x2: 0, y2: 1 },
      s('stop', { offset: '0%', 'stop-color': '#3aa0ff', 'stop-opacity': 0.45 }),
      s('stop', { offset: '100%', 'stop-color': '#3aa0ff', 'stop-opacity': 0 }))),
    Array.from({ length: 5 }, (_, i) => s('line', { class: 'dv-grid', x1: 0, x2: W, y1: (H / 5) * i, y2: (H / 5) * i })),
    ticks,
    area, curve, cashLine, rocket, boom);

  function frame(tau: number, xMax: number, yMax: number, cash: number) {
    const pts: string[] = [];
    const steps = 60;
    let x = 0;
    let y = H;
    for (let i = 0; i <= steps; i++) {
      const tt = (tau * i) / steps;
      x = (tt / xMax) * W;
      y = H - ((Math.exp(GROWTH * tt) - 1) / (yMax - 1)) * H;
      pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
    }
    curve.setAttribute('d', `M${pts.join(' L')}`);
    area.setAttribute('d', `M0,${H} L${pts.join(' L')} L${x.toFixed(1)},${H} Z`);
    const dx = W / xMax;
    const dy = -((GROWTH * Math.exp(GROWTH * tau)) / (yMax - 1)) * H;
    const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
    rocket.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${Math.max(-70, Math.min(0, angle)).toFixed(1)})`);
    boom.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)})`);
    tickEls.forEach((el, i) => { el.textContent = multiplier(1 + ((yMax - 1) * (4 - i)) / 5); });
    const cy = H - ((cash - 1) / (yMax - 1)) * H;
    cashLine.setAttribute('y1', String(cy));
    cashLine.setAttribute('y2', String(cy));
    cashLine.setAttribute('opacity', cy >= 0 ? '1' : '0');
  }

  async function draw(round: Round) {
    const o = round.outcome as { crashPoint: number; cashOut: number; win: boolean };
    const { gameSeconds, speed } = flightPlan(o.crashPoint);
    badge.hidden = true;
    svg.classList.remove('dv-crashed');
    boom.setAttribute('opacity', '0');
    counter.className = 'dv-crash-counter dv-flying';
    const show = (tau: number) => {
      const m = Math.min(o.crashPoint, Math.floor(Math.exp(GROWTH * tau) * 100) / 100);
      const xMax = Math.max(5, tau * 1.15);
      const yMax = Math.max(2, m * 1.25, Math.min(o.cashOut, 2.5) * 1.1);
      frame(tau, xMax, yMax, o.cashOut);
      counter.textContent = multiplier(m);
      if (o.win && m >= o.cashOut && badge.hidden) {
        badge.hidden = false;
        badge.textContent = `${t('crash.cashedOut', { x: multiplier(o.cashOut) })} · ${money(round.payout)}`;
      }
    };
    if (!prefersReducedMotion()) {
      await new Promise<void>((resolve) => {
        const start = performance.now();
        const step = (now: number) => {
          const tau = Math.min(gameSeconds, ((now - start) / 1000) * speed);
          show(tau);
          if (tau >= gameSeconds) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    }
    show(gameSeconds);
    counter.textContent = multiplier(o.crashPoint);
    counter.className = 'dv-crash-counter dv-crashed-text';
    svg.classList.add('dv-crashed');
    boom.setAttribute('opacity', '1');
    ctx.payoutResult(round.payout, o.win ? t('crash.cashedOut', { x: multiplier(o.cashOut) }) : t('crash.crashed', { x: multiplier(o.crashPoint) }));
  }

  const play = ctx.playButton(playBtn(t('crash.launch'), () => {
    const c = parseCashOut(cashInput.value);
    cashErr.hidden = c !== null;
    const b = bet.read();
    if (b === null || c === null) return;
    cashInput.value = c.toFixed(2);
    void ctx.play(crashInput(b, c), draw);
  }));

  frame(0.0001, 5, 2, 2);
  ctx.stage.append(h('div', { class: 'dv-crash' }, svg, counter, badge));
  ctx.controls.append(bet.el, field(t('crash.cashOut'), cashInput, chance, cashErr), play);
  refreshChance();
}
