/** One line per round for the "last 10 rounds" list, from the engine's outcome. */
import type { Engine, Round } from './api';
import { decimalToMinor, multiplier } from './format';
import { t } from './i18n';

type O = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const arr = (v: unknown) => (Array.isArray(v) ? v : []);

export function outcomeSummary(engine: Engine, outcome: O | null, targetName: (code: string) => string = (c) => c): string {
  if (!outcome) return '';
  switch (engine) {
    case 'slot5': {
      const base = (outcome.base ?? {}) as O;
      const parts: string[] = [];
      const wins = arr(base.lineWins).length;
      if (wins) parts.push(wins === 1 ? t('slot.winLine') : t('slot.winLines', { n: wins }));
      if (num(base.scatters) >= 3) parts.push(t('slot.scatter', { n: num(base.scatters) }));
      const fs = num(outcome.freeSpinsAwarded);
      if (fs) parts.push(`${fs} ${t('slot.freeSpins').toLowerCase()}`);
      return parts.join(' · ') || t('noWinShort');
    }
    case 'baccarat': {
      const w = String(outcome.winner ?? '');
      const score = `${num(outcome.playerTotal)}–${num(outcome.bankerTotal)}`;
      if (w === 'TIE') return `${t('bac.tieResult')} ${score}`;
      return `${t('bac.wins', { side: w === 'PLAYER' ? t('bac.player') : t('bac.banker') })} ${score}`;
    }
    case 'fish': {
      const name = targetName(String(outcome.target ?? ''));
      return outcome.caught ? t('fish.caught', { name, mult: multiplier(num(outcome.multiplier)) }) : t('fish.escaped', { name });
    }
    case 'dice':
      return `${t('dice.rolled', { roll: num(outcome.roll).toFixed(2) })} · ${t(outcome.direction === 'over' ? 'dice.over' : 'dice.under')} ${num(outcome.target).toFixed(2)}`;
    case 'crash': {
      const crashed = t('crash.crashed', { x: multiplier(num(outcome.crashPoint)) });
      if (outcome.win) return `${t('crash.cashedOut', { x: multiplier(num(outcome.cashOut)) })} · ${crashed.toLowerCase()}`;
      // a lost bet without an automatic cash-out (shared rounds) names only the crash
      return outcome.cashOut == null ? crashed : `${crashed} · ${t('crash.auto', { x: multiplier(num(outcome.cashOut)) })}`;
    }
    case 'keno':
      return kenoResult(arr(outcome.hits).length, arr(outcome.picks).length);
  }
}

/** Whether the round paid more than it cost (for colouring the row). */
export function roundWon(r: Round): boolean {
  return r.status === 'settled' && decimalToMinor(r.profit) > 0n;
}

export function kenoResult(hits: number, spots: number): string {
  return hits === 1 ? t('keno.result1', { spots }) : t('keno.result', { hits, spots });
}
