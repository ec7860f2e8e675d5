/**
 * The bet slip without React: picking numbers for a bet type, the slip lines (one per bet, no
 * duplicates, at most MAX_SLIP), amount checks against the game's limits, totals and the
 * possible win in integer minor units, and the request body of a slip.
 */
import { lottery } from '@lobby/contract';
import { fromMinor, toMinor, validateAmount, type AmountError } from '@/lib/amounts';

type BetType = lottery.BetType;
type BetOption = lottery.BetOption;

export interface SlipLine {
  /** betType + numbers: a second identical pick is not a second line. */
  key: string;
  betType: BetType;
  numbers: string[];
  amount: string;
}

export interface Limits {
  minBet: string;
  maxBet: string;
}

/** Bet types without numbers: one click is one bet. */
export const isChoiceType = (o: Pick<BetOption, 'numbers'>) => o.numbers === 0;

/** xiên: one bet made of several numbers; the other numbered types make one bet per number. */
export const isComboType = (o: Pick<BetOption, 'numbers'>) => o.numbers > 1;

/** Keeps the digits of a typed number, at most `digits` of them. */
export function cleanNumber(text: string, digits: number): string {
  return text.replace(/\D/g, '').slice(0, digits);
}

/** A complete number of the type: exactly `digits` digits. */
export function isValidNumber(n: string, digits: number): boolean {
  return new RegExp(`^\\d{${digits}}$`).test(n);
}

/** Every number with this many digits ("00".."99" for 2). */
export function allNumbers(digits: number): string[] {
  const count = 10 ** digits;
  return Array.from({ length: count }, (_, i) => String(i).padStart(digits, '0'));
}

export function lineKey(betType: BetType, numbers: readonly string[]): string {
  return `${betType}:${[...numbers].sort().join(',')}`;
}

/**
 * The lines a pick makes: for xiên one line of exactly `option.numbers` distinct numbers, for
 * the other numbered types one line per number, for big/small/odd/even one line. Answers null
 * when the pick is not complete yet (wrong count or digits).
 */
export function linesOfPick(option: BetOption, picked: readonly string[], amount: string): SlipLine[] | null {
  const numbers = [...new Set(picked)];
  if (isChoiceType(option)) return [{ key: lineKey(option.betType, []), betType: option.betType, numbers: [], amount }];
  if (numbers.length === 0 || numbers.some((n) => !isValidNumber(n, option.digits))) return null;
  if (isComboType(option)) {
    if (numbers.length !== option.numbers) return null;
    const sorted = [...numbers].sort();
    return [{ key: lineKey(option.betType, sorted), betType: option.betType, numbers: sorted, amount }];
  }
  return numbers.map((n) => ({ key: lineKey(option.betType, [n]), betType: option.betType, numbers: [n], amount }));
}

/**
 * Toggles a number in the current pick. A xiên pick holds at most its count of numbers (a
 * further number replaces the oldest one).
 */
export function togglePick(picked: readonly string[], n: string, option: Pick<BetOption, 'numbers'>): string[] {
  if (picked.includes(n)) return picked.filter((p) => p !== n);
  const next = [...picked, n];
  if (isComboType(option) && next.length > option.numbers) next.shift();
  return next;
}

/** Adds lines after the existing ones: duplicates and lines past the slip's size are dropped. */
export function addLines(slip: readonly SlipLine[], lines: readonly SlipLine[], max = lottery.MAX_SLIP): { slip: SlipLine[]; added: number; full: boolean } {
  const out = [...slip];
  let added = 0;
  let full = false;
  for (const l of lines) {
    if (out.some((o) => o.key === l.key)) continue;
    if (out.length >= max) {
      full = true;
      break;
    }
    out.push(l);
    added++;
  }
  return { slip: out, added, full };
}

/** The amount check of one line against the game's limits (null = fine). */
export function lineError(line: Pick<SlipLine, 'amount'>, limits: Limits | undefined): AmountError | null {
  return validateAmount(line.amount, limits ? { min: limits.minBet, max: limits.maxBet } : {});
}

/** The slip's total stake ("35.00"); lines with an unreadable amount count as 0. */
export function slipTotal(slip: readonly Pick<SlipLine, 'amount'>[], issues = 1): string {
  return fromMinor(slip.reduce((s, l) => s + (toMinor(l.amount) ?? 0n), 0n) * BigInt(issues));
}

/** "3.5" -> [35n, 10n]: odds as an exact fraction. */
function oddsFraction(odds: string): [bigint, bigint] | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(odds.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  return [BigInt(m[1]! + frac), 10n ** BigInt(frac.length)];
}

/** The win of one line if it hits (stake × odds, rounded down to the cent; lô pays this per occurrence). */
export function possibleWin(amount: string, odds: string | undefined): string | null {
  const a = toMinor(amount);
  const o = odds ? oddsFraction(odds) : null;
  if (a === null || a <= 0n || !o) return null;
  return fromMinor((a * o[0]) / o[1]);
}

export function slipReady(slip: readonly SlipLine[], limits: Limits | undefined): boolean {
  return slip.length > 0 && slip.every((l) => !lineError(l, limits));
}

/** The POST /lotto/lgw/bets body of a slip. */
export function slipBody(
  slip: readonly SlipLine[],
  at: { gameCode: string; numero: string; numeros?: string[]; prizeMode: lottery.PrizeMode },
  requestId: string,
): lottery.PlaceBetsBody {
  return {
    gameCode: at.gameCode,
    numero: at.numero,
    ...(at.numeros ? { numeros: at.numeros } : {}),
    prizeMode: at.prizeMode,
    requestId,
    bets: slip.map((l) => ({ betType: l.betType, numbers: l.numbers, amount: l.amount.trim().replace(/,/g, '') })),
  };
}

/** What identifies a submit for its idempotency key: the same slip on the same issue. */
export function slipFingerprint(body: Omit<lottery.PlaceBetsBody, 'requestId'>): string {
  return JSON.stringify([body.gameCode, body.numero, body.numeros ?? null, body.prizeMode, body.bets]);
}

/** A random number for the quick pick ("07"). */
export function randomNumber(digits: number, rand: () => number = Math.random): string {
  return String(Math.floor(rand() * 10 ** digits)).padStart(digits, '0');
}
