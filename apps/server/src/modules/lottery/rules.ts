import { createHash, createHmac, randomBytes } from 'node:crypto';
import { lottery as contract } from '@lobby/contract';
import { lotteryDigits, lotteryResult, type LotteryResult } from '@lobby/contract/fairness';
import { AppError } from '../../plugins/errors.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';
import { seal } from '../../lib/seal.ts';

/**
 * The lottery's pure rules: odds per prize mode, issue schedules (numero, open, cut-off and
 * draw instants in the brand's local day), the auditable RNG and the bet checks.
 */
export type BetType = contract.BetType;
export type PrizeMode = contract.PrizeMode;
export type Kind = contract.LotteryKind;
export type Region = contract.VnRegion;

/** Base odds in thousandths (win = stake × odds × hits). lo2 and xiên depend on how many prize numbers a draw has (27 north, 18 central/south). */
const BASE_ODDS: Record<'north' | 'south18' | 'fast', Partial<Record<BetType, number>>> = {
  north: { lo2: 3_500, de: 95_000, cang3: 950_000, xien2: 17_000, xien3: 75_000, xien4: 350_000 },
  south18: { lo2: 5_300, de: 95_000, cang3: 950_000, xien2: 36_000, xien3: 240_000, xien4: 1_700_000 },
  fast: { big: 1_960, small: 1_960, odd: 1_960, even: 1_960, num2: 95_000 },
};
/** Each prize mode pays the base odds times this (per mille). */
const MODE_FACTOR: Record<PrizeMode, number> = { LOTT: 1000, ZY: 985, ELOTT: 970, SEA: 990 };

export function betTypesOf(kind: Kind): readonly BetType[] {
  return kind === 'vn' ? contract.VN_BET_TYPES : contract.FAST_BET_TYPES;
}

/** The odds (thousandths) of a bet type in a game and prize mode; undefined when the game has no such bet. */
export function oddsMilli(kind: Kind, region: Region | null, mode: PrizeMode, type: BetType): number | undefined {
  const table = kind === 'fast' ? BASE_ODDS.fast : region === 'north' ? BASE_ODDS.north : BASE_ODDS.south18;
  const base = table[type];
  return base === undefined ? undefined : Math.floor((base * MODE_FACTOR[mode]) / 1000);
}

/** "3.5", "95", "1.96": odds for display. */
export const oddsText = (milli: number) => (milli / 1000).toString();

// ---- schedules -------------------------------------------------------------------------

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** yyyyMMdd of a local-day start expressed as UTC epoch of the local midnight. */
const ymd = (localMidnight: number) => new Date(localMidnight).toISOString().slice(0, 10).replace(/-/g, '');

export interface Slot { numero: string; opensAt: Date; closesAt: Date; drawAt: Date }
export interface Schedule { kind: Kind; intervalSeconds: number | null; drawMinute: number | null; cutoffSeconds: number }

/** The issue whose betting window contains `at` (its cut-off not yet reached), in the brand's local day. */
export function slotAt(s: Schedule, gmtOffsetMinutes: number, at: Date): Slot {
  const off = gmtOffsetMinutes * 60_000;
  const local = at.getTime() + off;
  const day = Math.floor(local / DAY_MS) * DAY_MS;
  const cutoff = s.cutoffSeconds * 1000;
  if (s.kind === 'fast') {
    const step = s.intervalSeconds! * 1000;
    let i = Math.floor((local - day) / step);
    if (day + (i + 1) * step - cutoff <= local) i += 1;
    return fastSlot(day, i, step, cutoff, off);
  }
  const drawLocal = day + s.drawMinute! * 60_000;
  const d = drawLocal - cutoff <= local ? day + DAY_MS : day;
  return vnSlot(d, s.drawMinute!, cutoff, off);
}

/** The issue after `slot`. */
export function nextSlot(s: Schedule, gmtOffsetMinutes: number, slot: Slot): Slot {
  return slotAt(s, gmtOffsetMinutes, new Date(slot.drawAt.getTime() + 1));
}

function fastSlot(day: number, i: number, step: number, cutoff: number, off: number): Slot {
  const perDay = Math.round(DAY_MS / step);
  const d = day + Math.floor(i / perDay) * DAY_MS;
  const k = i % perDay;
  const opens = d + k * step;
  return {
    numero: `${ymd(d)}-${pad(k + 1, 4)}`,
    opensAt: new Date(opens - off),
    closesAt: new Date(opens + step - cutoff - off),
    drawAt: new Date(opens + step - off),
  };
}

function vnSlot(day: number, drawMinute: number, cutoff: number, off: number): Slot {
  const draw = day + drawMinute * 60_000;
  return { numero: ymd(day), opensAt: new Date(draw - DAY_MS - off), closesAt: new Date(draw - cutoff - off), drawAt: new Date(draw - off) };
}

/** Local "HH:mm" of a minute of the day. */
export const hhmm = (minute: number) => `${pad(Math.floor(minute / 60), 2)}:${pad(minute % 60, 2)}`;

// ---- RNG -----------------------------------------------------------------------------------

/** A new issue's seed as stored: sealed (lib/seal.ts) until the result is published, with its public hash. */
export function newSeed(): { serverSeed: string; seedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed: seal(serverSeed), seedHash: sha256(serverSeed) };
}
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const nodeHmac = (key: string, message: string): Uint8Array => createHmac('sha256', key).update(message).digest();

/**
 * Uniform decimal digits from the seed: HMAC-SHA256(seed, "<gameCode>:<numero>:<block>") for
 * block 0, 1, …, each byte below 250 giving (byte mod 10), bytes 250-255 dropped. The code is
 * the contract's (`@lobby/contract/fairness`), which the /fairness verifier runs in the browser.
 */
export const digitsOf = (serverSeed: string, gameCode: string, numero: string, count: number): string =>
  lotteryDigits(serverSeed, gameCode, numero, count, nodeHmac);

export type Result = LotteryResult;

/** The result of an issue: fast games 5 digits; VN regions their prize structure, special prize first. */
export const resultOf = (kind: Kind, region: Region | null, serverSeed: string, gameCode: string, numero: string): Result =>
  lotteryResult(kind, region, serverSeed, gameCode, numero, nodeHmac);

/** Fast-game figures of a result: digit sum, big/small, odd/even. */
export function fastFigures(special: string) {
  const sum = [...special].reduce((s, d) => s + Number(d), 0);
  return { sum, bigSmall: sum >= contract.FAST_BIG_MIN ? 'big' as const : 'small' as const, oddEven: sum % 2 === 1 ? 'odd' as const : 'even' as const };
}

/** How many times a bet wins on a result (the same rule as lottery_settle in SQL, migration 0013; used by tests). */
export function hits(type: BetType, numbers: string[], r: { special: string; numbers: string[] }): number {
  const tails = r.numbers.map((n) => n.slice(-2));
  switch (type) {
    case 'lo2': return tails.filter((t) => t === numbers[0]).length;
    case 'de': case 'num2': return Number(r.special.slice(-2) === numbers[0]);
    case 'cang3': return Number(r.special.slice(-3) === numbers[0]);
    case 'xien2': case 'xien3': case 'xien4': return Number(numbers.every((n) => tails.includes(n)));
    default: {
      const f = fastFigures(r.special);
      return Number(type === f.bigSmall || type === f.oddEven);
    }
  }
}

// ---- bet checks --------------------------------------------------------------------------

/** Checks a bet's type and numbers for a game; answers the numbers as stored and the per-number key. */
export function checkBet(kind: Kind, type: BetType, numbers: string[]): { numbers: string[]; numKey: string } {
  // the reason is a code the message names in its language (ERROR_PARAM_WORDS), with its own params
  const bad = (reason: string, params: Record<string, string | number> = {}) => new AppError('lottery.bet.invalid', { reason, type, ...params });
  if (!betTypesOf(kind).includes(type)) throw bad('type');
  const shape = contract.BET_SHAPE[type];
  if (numbers.length !== shape.numbers) throw bad('count', { count: shape.numbers });
  const re = new RegExp(`^[0-9]{${shape.digits}}$`);
  for (const n of numbers) if (!re.test(n)) throw bad('digits', { number: n || '""', digits: shape.digits });
  if (new Set(numbers).size !== numbers.length) throw bad('distinct');
  const sorted = [...numbers].sort();
  return { numbers: sorted, numKey: shape.numbers === 0 ? type : sorted.join('-') };
}
