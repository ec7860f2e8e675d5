/** The derby page's pieces that hold no state: the trend board, labels and the rooster art. */
import { h, s } from '../dom';
import { beadColumns } from '../games/table-clock';
import type { Bet, Result } from './api';
import { ct, type CfKey } from './i18n';

/**
 * The fight's number within its UTC day (derbies number their fights per day): fight numbers
 * count from the epoch; the first fight opening on or after midnight is fight 1.
 */
export function dayFightNo(fightNo: number, cycleMs: number): number {
  const opensAt = fightNo * cycleMs;
  const dayStart = opensAt - (opensAt % 86_400_000);
  return fightNo - Math.ceil(dayStart / cycleMs) + 1;
}

export const RESULT_LETTER: Record<Result['result'], string> = { meron: 'M', wala: 'W', draw: 'D', cancelled: 'C' };

/** The trend board (as sabong sites show it): columns of 6 dots, oldest first; red Meron, blue Wala, green Draw, grey Cancelled. */
export function trendBoard(results: readonly Result[], cycleMs: number): HTMLElement {
  if (results.length === 0) return h('p', { class: 'dv-muted' }, ct('boardEmpty'));
  return h('div', { class: 'cf-trend', role: 'list', 'aria-label': ct('board') },
    beadColumns(results).map((col) => h('div', { class: 'cf-trend-col' },
      col.map((r) => h('span', {
        class: `cf-dot cf-dot-${r.result}`, role: 'listitem', title: `#${dayFightNo(r.fightNo, cycleMs)} ${ct(r.result as CfKey)}`, 'data-result': r.result,
      }, RESULT_LETTER[r.result])))));
}

/** Counts of each result on the board. */
export function tally(results: readonly Result[]): Record<Result['result'], number> {
  const n = { meron: 0, wala: 0, draw: 0, cancelled: 0 };
  for (const r of results) n[r.result]++;
  return n;
}

export const stateLabel = (b: Bet) => ct(`state.${b.state}` as CfKey);

/** 0.0435 -> "4.35 %". */
export const pct = (x: number) => `${(x * 100).toFixed(2)}\u00a0%`;

/** A fighting rooster in SVG (a side view facing the middle of the pit); `color` tints its hackles and tail. */
export function roosterArt(color: string, facingLeft: boolean): SVGElement {
  return s('svg', { viewBox: '0 0 120 120', class: `cf-rooster${facingLeft ? ' cf-rooster-left' : ''}`, 'aria-hidden': 'true' },
    s('path', { d: 'M22 70c-8-18-4-40 8-52 2 14 6 22 12 28-2-16 2-28 10-36 0 16 4 26 10 34z', fill: color, opacity: '.9' }),
    s('path', { d: 'M18 62c-6-6-10-16-8-26 6 8 12 12 20 14z', fill: '#1b1b1b' }),
    s('ellipse', { cx: '58', cy: '72', rx: '30', ry: '22', fill: '#6b3a1e' }),
    s('path', { d: 'M40 66c10-6 26-6 36 2-8 10-26 12-36-2z', fill: '#c8812f' }),
    s('path', { d: 'M76 60c2-14 6-26 14-32 6 4 8 12 6 22-2 8-8 14-20 10z', fill: color }),
    s('circle', { cx: '90', cy: '34', r: '10', fill: '#d9a05b' }),
    s('path', { d: 'M84 24c2-6 6-8 8-4 2-4 6-4 6 0 3-2 5 1 3 5z', fill: '#e0262e' }),
    s('path', { d: 'M99 35l10 3-10 4z', fill: '#f2c14e' }),
    s('path', { d: 'M92 42c2 5 1 8-2 9-2-3-1-6 2-9z', fill: '#e0262e' }),
    s('circle', { cx: '93', cy: '32', r: '2', fill: '#111' }),
    s('path', { d: 'M52 92l-4 16m0 0l-7 3m7-3l6 3M66 92l2 16m0 0l-6 3m6-3l7 2', stroke: '#f2c14e', 'stroke-width': '3.5', 'stroke-linecap': 'round', fill: 'none' }));
}
