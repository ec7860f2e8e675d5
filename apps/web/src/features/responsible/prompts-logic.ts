/** Pure helpers of the responsible-gaming prompts (Prompts.tsx). */
import type { responsible } from '@lobby/contract';

/** Whether any deposit limit is in force or waiting to apply. */
export const hasDepositLimit = (v: responsible.LimitsView) =>
  [v.depositDay, v.depositWeek, v.depositMonth].some((x) => x !== null) || v.pending.some((p) => p.field.startsWith('deposit') && p.value !== null);

/** Where "not now" is remembered, per member on this device. */
export const dismissKey = (memberId: string | undefined) => `rg.limitsPrompt.${memberId ?? ''}`;

/** Elapsed time as h:mm:ss (never negative). */
export function elapsedText(startedAt: number, now: number): string {
  const s = Math.max(0, Math.floor((now - startedAt) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
