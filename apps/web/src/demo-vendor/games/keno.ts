/**
 * Instant keno: 80 numbers, pick 1-10, 20 are drawn; paid by hits from the paytable of the
 * spot count (session.info.paytable). The drawn numbers are revealed one by one.
 */
import type { Round } from '../api';
import { amountField, playBtn } from '../controls';
import { fill, h, pause } from '../dom';
import { toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';
import { kenoResult } from '../summary';

export const KENO_NUMBERS = 80;
export const MAX_PICKS = 10;

/** Toggles a number: added when there is room, removed when picked. */
export function togglePick(picks: readonly number[], n: number, max = MAX_PICKS): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= max || n < 1 || n > KENO_NUMBERS) return [...picks];
  return [...picks, n].sort((a, b) => a - b);
}

/** `count` distinct random numbers 1..80, sorted (the quick pick). */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const n = Math.max(1, Math.min(MAX_PICKS, count));
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (KENO_NUMBERS - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n).sort((a, b) => a - b);
}

/**
 * The paytable rows of a spot count: [hits, multiplier] for the paying hit counts, most hits
 * first. session.info.paytable[spots][hits] is the multiplier × 100 (the engine's integers).
 */
export function paytableRows(info: Record<string, unknown>, spots: number): Array<[number, number]> {
  const table = (info.paytable ?? {}) as Record<string, Record<string, number>>;
  const row = table[String(spots)] ?? {};
  return Object.entries(row)
    .map(([hits, m]) => [Number(hits), Number(m) / 100] as [number, number])
    .filter(([, m]) => m > 0)
    .sort((a, b) => b[0] - a[0]);
}

/** A paytable multiplier as players read it: 10000 -> "10,000×", 1.5 -> "1.5×". */
export function kenoPays(m: number): string {
  return `${m.toLocaleString('en-US', { maximumFractionDigits: 2 })}×`;
}

export function kenoInput(betMinor: bigint, picks: readonly number[]) {
  return { bet: toDecimal(betMinor), picks: [...picks] };
}

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  let picks: number[] = [];
  let drawn = new Set<number>();
  const bet = amountField(t('bet'), session.minBet, session.maxBet);
  const cells = new Map<number, HTMLButtonElement>();
  const board = h('div', { class: 'dv-keno-board', role: 'group', 'aria-label': t('keno.pick') });
  for (let n = 1; n <= KENO_NUMBERS; n++) {
    const c = h('button', { type: 'button', class: 'dv-keno-cell', 'aria-pressed': 'false', onClick: () => toggle(n) }, String(n));
    cells.set(n, c);
    board.append(c);
  }
  const count = h('span', { class: 'dv-muted' });
  const paytable = h('div', { class: 'dv-paytable' });
  const drawnRow = h('div', { class: 'dv-keno-drawn', 'aria-live': 'polite' });
  const warn = h('p', { class: 'dv-field-error', hidden: true }, t('keno.needPicks'));

  function paint(hitsOnly = false) {
    for (const [n, c] of cells) {
      const picked = picks.includes(n);
      const isDrawn = drawn.has(n);
      c.classList.toggle('picked', picked);
      c.classList.toggle('drawn', isDrawn && !picked);
      c.classList.toggle('hit', isDrawn && picked);
      c.setAttribute('aria-pressed', String(picked));
    }
    if (hitsOnly) return;
    count.textContent = t('keno.picked', { n: picks.length });
    const hits = picks.filter((p) => drawn.has(p)).length;
    const rows = picks.length ? paytableRows(session.info, picks.length) : [];
    fill(paytable,
      h('h3', {}, picks.length > 1 ? t('keno.paytable', { n: picks.length }) : t(picks.length ? 'keno.paytable1' : 'keno.paytable0')),
      rows.length ? h('table', {},
        h('thead', {}, h('tr', {}, h('th', {}, t('keno.hits')), h('th', { class: 'num' }, t('keno.pays')))),
        h('tbody', {}, rows.map(([hh, m]) => h('tr', { class: drawn.size && hh === hits ? 'dv-won' : '' }, h('td', {}, String(hh)), h('td', { class: 'num' }, kenoPays(m))))))
        : h('p', { class: 'dv-muted' }, t('keno.pick')));
  }
  /** A new set of picks clears the last draw from the board. */
  function setPicks(next: number[]) {
    if (ctx.busy()) return;
    if (drawn.size) {
      drawn = new Set();
      fill(drawnRow);
    }
    picks = next;
    warn.hidden = true;
    paint();
  }
  const toggle = (n: number) => setPicks(togglePick(picks, n));

  async function draw(round: Round) {
    const o = round.outcome as { drawn: number[]; hits: number[]; picks: number[] };
    drawn = new Set();
    fill(drawnRow);
    for (const n of o.drawn) {
      drawn.add(n);
      const hit = o.picks.includes(n);
      drawnRow.append(h('span', { class: `dv-ball${hit ? ' hit' : ''}` }, String(n)));
      paint(true);
      await pause(110);
    }
    paint();
    ctx.payoutResult(round.payout, kenoResult(o.hits.length, o.picks.length));
  }

  const play = ctx.playButton(playBtn(t('keno.play'), () => {
    if (!picks.length) {
      warn.hidden = false;
      return;
    }
    const b = bet.read();
    if (b === null) return;
    void ctx.play(kenoInput(b, picks), draw);
  }));

  const legend = h('div', { class: 'dv-keno-legend' },
    h('span', {}, h('i', { class: 'picked' }), t('keno.legendPick')),
    h('span', {}, h('i', { class: 'drawn' }), t('keno.legendDrawn')),
    h('span', {}, h('i', { class: 'hit' }), t('keno.legendHit')));
  ctx.stage.append(h('div', { class: 'dv-keno' }, board, legend, drawnRow));
  ctx.controls.append(
    h('div', { class: 'dv-keno-tools' },
      count,
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: () => setPicks(quickPick(picks.length || MAX_PICKS)) }, t('keno.quick')),
      h('button', { type: 'button', class: 'dv-btn dv-btn-small dv-btn-ghost', onClick: () => setPicks([]) }, t('keno.clear'))),
    warn,
    bet.el,
    paytable,
    play,
  );
  paint();
}
