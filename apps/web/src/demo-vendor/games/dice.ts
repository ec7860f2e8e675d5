/**
 * Dice: a roll 0.00-99.99; "under t" wins when roll < t, "over t" when roll > t. The win chance
 * and the multiplier shown follow the engine: winning rolls out of 10,000 (t×100 under,
 * 9999 - t×100 over), multiplier = 0.99 × 10,000 / winning rolls, truncated to 4 decimals.
 */
import type { Round } from '../api';
import { amountField, field, playBtn, stats } from '../controls';
import { h, pause, prefersReducedMotion, s } from '../dom';
import { money, parseMinor, toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';

export type Direction = 'over' | 'under';

export interface DiceTerms {
  winCount: number;
  /** Win chance in percent (two decimals). */
  chance: number;
  multiplier: number;
  valid: boolean;
}

/** The engine's terms of a target and direction (valid: win chance within 1 %..98 %). */
export function diceTerms(target: number, direction: Direction, rtpBp = 9900): DiceTerms {
  const tt = Math.round(target * 100);
  const winCount = direction === 'under' ? tt : 9999 - tt;
  const valid = tt >= 0 && tt <= 9999 && winCount >= 100 && winCount <= 9800;
  const mult = winCount > 0 ? Math.floor((rtpBp * 10_000) / winCount) / 10_000 : 0;
  return { winCount, chance: winCount / 100, multiplier: mult, valid };
}

/** What a win pays (minor units), truncated like the engine. */
export function diceWin(betMinor: bigint, mult: number): bigint {
  return (betMinor * BigInt(Math.round(mult * 10_000))) / 10_000n;
}

/** The play input of the contract: { bet, target, direction }. */
export function diceInput(betMinor: bigint, target: number, direction: Direction) {
  return { bet: toDecimal(betMinor), target: Math.round(target * 100) / 100, direction };
}

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  const rtpBp = Math.round(session.rtp * 10_000);
  let direction: Direction = 'over';
  let target = 50;

  const bet = amountField(t('bet'), session.minBet, session.maxBet);
  const slider = h('input', { type: 'range', min: 0, max: 99.99, step: 0.01, value: target, class: 'dv-range', 'aria-label': t('dice.target') });
  const targetBox = h('input', { class: 'dv-input dv-target', inputmode: 'decimal', value: target.toFixed(2), 'aria-label': t('dice.target') });
  const chanceEl = h('strong', {});
  const multEl = h('strong', {});
  const payEl = h('strong', {});
  const warn = h('p', { class: 'dv-field-error', hidden: true }, t('dice.outOfRange'));
  const overBtn = h('button', { type: 'button', class: 'dv-seg', onClick: () => setDir('over') }, t('dice.over'));
  const underBtn = h('button', { type: 'button', class: 'dv-seg', onClick: () => setDir('under') }, t('dice.under'));
  const track = h('div', { class: 'dv-dice-track' });
  const marker = h('div', { class: 'dv-dice-marker' }, h('span', {}, ''));
  const big = h('div', { class: 'dv-dice-big' }, '--.--');
  const cube = diceCube();

  function refresh() {
    const tm = diceTerms(target, direction, rtpBp);
    chanceEl.textContent = `${tm.chance.toFixed(2)} %`;
    multEl.textContent = `${tm.multiplier.toFixed(4)}×`;
    payEl.textContent = money(diceWin(parseMinor(bet.value()) ?? 0n, tm.multiplier));
    warn.hidden = tm.valid;
    play.dataset.blocked = tm.valid ? '' : '1';
    play.disabled = !tm.valid || ctx.busy();
    overBtn.classList.toggle('on', direction === 'over');
    underBtn.classList.toggle('on', direction === 'under');
    overBtn.setAttribute('aria-pressed', String(direction === 'over'));
    underBtn.setAttribute('aria-pressed', String(direction === 'under'));
    track.style.setProperty('--t', `${target}%`);
    track.classList.toggle('dv-under', direction === 'under');
  }
  function setTarget(v: number, from: 'slider' | 'box') {
    if (!Number.isFinite(v)) return;
    target = Math.min(99.99, Math.max(0, Math.round(v * 100) / 100));
    if (from !== 'slider') slider.value = String(target);
    if (from !== 'box') targetBox.value = target.toFixed(2);
    refresh();
  }
  function setDir(d: Direction) {
    direction = d;
    refresh();
  }
  slider.addEventListener('input', () => setTarget(Number(slider.value), 'slider'));
  targetBox.addEventListener('change', () => setTarget(Number(targetBox.value.replace(',', '.')), 'box'));
  bet.onChange(refresh);

  async function draw(round: Round) {
    const o = round.outcome as { roll: number; win: boolean };
    marker.classList.remove('dv-win', 'dv-lose');
    if (!prefersReducedMotion()) {
      cube.classList.add('dv-rolling');
      const start = performance.now();
      while (performance.now() - start < 700) {
        big.textContent = (Math.random() * 99.99).toFixed(2);
        await pause(45);
      }
      cube.classList.remove('dv-rolling');
    }
    big.textContent = o.roll.toFixed(2);
    big.className = `dv-dice-big ${o.win ? 'dv-win' : 'dv-lose'}`;
    marker.style.left = `${o.roll}%`;
    marker.hidden = false;
    (marker.firstChild as HTMLElement).textContent = o.roll.toFixed(2);
    marker.classList.add(o.win ? 'dv-win' : 'dv-lose');
    ctx.result(o.win ? 'win' : 'lose', o.win ? t('youWin', { amount: money(round.payout) }) : `${t('dice.rolled', { roll: o.roll.toFixed(2) })} · ${t('noWin')}`);
  }

  const play = ctx.playButton(playBtn(t('dice.roll'), () => {
    const tm = diceTerms(target, direction, rtpBp);
    const b = bet.read();
    if (b === null || !tm.valid) return;
    void ctx.play(diceInput(b, target, direction), draw);
  }));

  marker.hidden = true;
  track.append(h('div', { class: 'dv-dice-fill' }), marker);
  ctx.stage.append(
    h('div', { class: 'dv-dice-stage' },
      cube,
      big,
      track,
      h('div', { class: 'dv-dice-scale' }, ['0', '25', '50', '75', '100'].map((n) => h('span', {}, n))),
      slider),
  );
  ctx.controls.append(
    bet.el,
    field(t('dice.target'), targetBox),
    h('div', { class: 'dv-segs', role: 'group' }, underBtn, overBtn),
    warn,
    stats([[t('dice.chance'), chanceEl], [t('dice.multiplier'), multEl], [t('dice.payoutOnWin'), payEl]]),
    play,
  );
  refresh();
}

function diceCube(): HTMLElement {
  const pips = [[30, 30], [70, 30], [50, 50], [30, 70], [70, 70]];
  return h('div', { class: 'dv-cube', 'aria-hidden': 'true' },
    s('svg', { viewBox: '0 0 100 100', width: 72, height: 72 },
      s('rect', { x: 6, y: 6, width: 88, height: 88, rx: 18, fill: '#f4f7ff', stroke: '#9fb3d9', 'stroke-width': 3 }),
      pips.map(([x, y]) => s('circle', { cx: x, cy: y, r: 8, fill: '#d3283f' }))));
}
