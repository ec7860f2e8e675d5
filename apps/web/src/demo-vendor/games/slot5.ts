/**
 * Fortune Reels: 5×3 reels, 20 fixed lines (session.info.lines), bet per line chosen from steps
 * within the engine's per-line limits. The answer's base spin (and its free spins, wins ×2) is
 * drawn reel by reel; winning lines are traced over the grid.
 */
import type { Round } from '../api';
import { field, limitsLine, playBtn, stats } from '../controls';
import { fill, h, pause, prefersReducedMotion, s, sleep } from '../dom';
import { decimalToMinor, money, toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';
import { SYMBOL_CODES, symbolSvg } from './slot-art';

interface Spin { grid: string[][]; lineWins: Array<{ line: number; symbol: string; count: number; multiplier: number }>; scatters: number; lineBets: number }
interface SlotOutcome { base: Spin; freeSpins: Spin[]; freeSpinsAwarded: number }

const STEPS = [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n];
const LINE_COLORS = ['#ffd34d', '#ff6b6b', '#4dd0ff', '#7dff8a', '#ff9cf0', '#ffa94d', '#b197fc', '#63e6be', '#ffe066', '#74c0fc'];

/** Bet-per-line choices (minor units) within the per-line limits, always including both ends. */
export function betSteps(min: string, max: string): bigint[] {
  const lo = decimalToMinor(min);
  const hi = decimalToMinor(max);
  const out = STEPS.filter((v) => v >= lo && v <= hi);
  if (!out.includes(lo)) out.unshift(lo);
  if (!out.includes(hi) && hi > lo) out.push(hi);
  return out;
}

/** Total bet of a bet per line. */
export const totalBet = (perLine: bigint, lines: number) => perLine * BigInt(lines);

/** What a spin pays in minor units: its line bets × bet per line (× 2 in free spins). */
export const spinWin = (spin: Spin, perLine: bigint, free: boolean) => BigInt(spin.lineBets) * perLine * (free ? 2n : 1n);

/** Grid cells [reel, row] on winning lines. */
export function winningCells(spin: Spin, lines: number[][]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const w of spin.lineWins) for (let r = 0; r < w.count; r++) out.push([r, lines[w.line]?.[r] ?? 0]);
  return out;
}

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  const info = session.info as { lines?: number[][]; betPerLine?: { minBet: string; maxBet: string }; reels?: number; rows?: number };
  const lines = info.lines ?? [];
  const reels = info.reels ?? 5;
  const rows = info.rows ?? 3;
  const per = info.betPerLine ?? { minBet: session.minBet, maxBet: session.maxBet };
  const steps = betSteps(per.minBet, per.maxBet);
  let perLine = steps.includes(5n) ? 5n : steps[0];

  const select = h('select', { class: 'dv-input', 'aria-label': t('slot.betPerLine') },
    steps.map((v) => h('option', { value: String(v), selected: v === perLine }, money(v))));
  const totalEl = h('strong', {});
  const winEl = h('strong', {}, money(0n));
  const fsEl = h('strong', {}, '0');
  const banner = h('div', { class: 'dv-slot-banner', hidden: true });
  const lineInfo = h('ul', { class: 'dv-linewins', 'aria-live': 'polite' });
  const updateTotal = () => { totalEl.textContent = money(totalBet(perLine, lines.length)); };
  select.addEventListener('change', () => { perLine = BigInt(select.value); updateTotal(); });

  const cols: HTMLElement[] = [];
  const grid = h('div', { class: 'dv-reels', style: `--reels:${reels}` });
  const overlay = s('svg', { class: 'dv-lines', viewBox: `0 0 ${reels * 100} ${rows * 100}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' });
  const randomCode = () => SYMBOL_CODES[Math.floor(Math.random() * SYMBOL_CODES.length)];
  const cell = (code: string) => h('div', { class: 'dv-cell', 'data-sym': code }, symbolSvg(code));
  for (let r = 0; r < reels; r++) {
    const strip = h('div', { class: 'dv-strip' }, Array.from({ length: rows }, randomCode).map(cell));
    const col = h('div', { class: 'dv-reel' }, strip);
    cols.push(col);
    grid.append(col);
  }
  grid.append(overlay);

  async function spinTo(spin: Spin, free: boolean, bpl: bigint) {
    fill(overlay);
    fill(lineInfo);
    const motion = !prefersReducedMotion();
    const filler = free ? 8 : 14;
    cols.forEach((col, r) => {
      const items = [...spin.grid[r].map(cell), ...(motion ? Array.from({ length: filler }, () => cell(randomCode())) : [])];
      const strip = h('div', { class: 'dv-strip' }, items);
      if (motion) {
        strip.style.transform = `translateY(-${(filler / (filler + rows)) * 100}%)`;
        strip.style.setProperty('--h', String(filler + rows));
      }
      fill(col, strip);
      if (motion) {
        void strip.offsetHeight;
        strip.style.transition = `transform ${(free ? 350 : 600) + r * (free ? 90 : 180)}ms cubic-bezier(.2,.7,.25,1.05)`;
        strip.style.transform = 'translateY(0)';
      }
    });
    if (motion) await sleep((free ? 350 : 600) + (reels - 1) * (free ? 90 : 180) + 60);
    for (const col of cols) col.querySelector('.dv-strip')?.querySelectorAll('.dv-cell:nth-child(n+4)').forEach((n) => n.remove());
    highlight(spin);
    // Free spins run faster and pay double.
    fill(lineInfo, spin.lineWins.map((w, i) => h('li', {},
      h('span', { class: 'dv-swatch', style: `background:${LINE_COLORS[i % LINE_COLORS.length]}` }),
      t('slot.lineWin', { line: w.line + 1, count: w.count, symbol: w.symbol }),
      h('strong', {}, money(BigInt(w.multiplier) * bpl * (free ? 2n : 1n))))),
    spin.scatters >= 3 ? h('li', {}, h('span', { class: 'dv-swatch', style: 'background:#b06cff' }), t('slot.scatter', { n: spin.scatters })) : null);
  }

  function highlight(spin: Spin) {
    const cells = winningCells(spin, lines);
    cols.forEach((col, r) => col.querySelectorAll('.dv-cell').forEach((c, row) => {
      c.classList.toggle('win', cells.some(([cr, rr]) => cr === r && rr === row));
      c.classList.toggle('dim', cells.length > 0 && !cells.some(([cr, rr]) => cr === r && rr === row));
    }));
    fill(overlay, spin.lineWins.map((w, i) => s('polyline', {
      points: (lines[w.line] ?? []).map((row, r) => `${r * 100 + 50},${row * 100 + 50}`).join(' '),
      stroke: LINE_COLORS[i % LINE_COLORS.length], class: 'dv-line',
    })));
  }

  async function draw(round: Round) {
    const o = round.outcome as unknown as SlotOutcome;
    const bpl = decimalToMinor(String(round.input.betPerLine ?? toDecimal(perLine)));
    banner.hidden = true;
    fsEl.textContent = '0';
    await spinTo(o.base, false, bpl);
    let total = spinWin(o.base, bpl, false);
    winEl.textContent = money(total);
    if (o.freeSpins.length) {
      banner.hidden = false;
      banner.textContent = t('slot.freeSpinsWon', { n: o.freeSpinsAwarded });
      await pause(1400);
      const motion = !prefersReducedMotion();
      for (let i = 0; i < o.freeSpins.length; i++) {
        const fs = o.freeSpins[i];
        if (!motion && i < o.freeSpins.length - 1) {
          total += spinWin(fs, bpl, true);
          continue;
        }
        banner.textContent = t('slot.freeSpinOf', { n: i + 1, total: o.freeSpinsAwarded });
        fsEl.textContent = String(o.freeSpinsAwarded - i - 1);
        await spinTo(fs, true, bpl);
        total += spinWin(fs, bpl, true);
        winEl.textContent = money(total);
        await pause(fs.lineWins.length ? 650 : 250);
      }
      fsEl.textContent = '0';
      winEl.textContent = money(total);
    }
    ctx.payoutResult(round.payout);
  }

  const play = ctx.playButton(playBtn(t('slot.spin'), () => {
    if (ctx.busy()) return;
    // The reels shake while the answer is on its way, then land on it.
    grid.classList.add('dv-waiting');
    void ctx.play({ betPerLine: toDecimal(perLine) }, async (round) => {
      grid.classList.remove('dv-waiting');
      await draw(round);
    }).finally(() => grid.classList.remove('dv-waiting'));
  }));

  ctx.stage.append(h('div', { class: 'dv-slot' }, h('div', { class: 'dv-slot-frame' }, grid), banner, lineInfo));
  ctx.controls.append(
    field(t('slot.betPerLine'), select, limitsLine(per.minBet, per.maxBet)),
    stats([[t('slot.linesLabel'), h('strong', {}, String(lines.length))], [t('totalBet'), totalEl], [t('slot.freeSpins'), fsEl], [t('win'), winEl]]),
    play,
  );
  updateTotal();
}
