import type { demoVendor } from '@lobby/contract';
import { formatAmount } from '../kernel/ledger/index.ts';
import { AppError } from '../plugins/errors.ts';
import { baccarat, crash, dice, fish, keno, slot5, GameInputError, type GameMeta, type PlayResult, type Rng } from './games/index.ts';
import { parseMinor } from './money.ts';

/**
 * The wire side of each engine: reads the screen's `input` (amounts as "1.00" strings) into the
 * engine's input (minor units), runs it, and describes the game for the screen (`info`).
 * Invalid input always throws GameInputError (amount format included) before any random byte.
 */
export type Engine = demoVendor.Engine;
type Input = Record<string, unknown>;

export interface EngineDef {
  meta: GameMeta;
  /** Total stake limits of one round as the screen shows them (minor units). */
  minBet: bigint;
  maxBet: bigint;
  play(input: Input, rng: Rng): PlayResult<unknown, unknown>;
  info(): Record<string, unknown>;
}

/** A "1.00" amount of the input, or GameInputError. */
function amount(input: Input, field: string): bigint {
  const v = input[field];
  const minor = parseMinor(v);
  if (minor === null) throw new GameInputError('BET_INVALID', field, `${field} must be an amount like "1.00"`);
  return minor;
}

const limits = (m: GameMeta) => ({ minBet: formatAmount(m.minBet), maxBet: formatAmount(m.maxBet) });

export const ENGINES: Record<Engine, EngineDef> = {
  slot5: {
    meta: slot5.meta,
    minBet: slot5.meta.minBet * BigInt(slot5.LINES.length),
    maxBet: slot5.meta.maxBet * BigInt(slot5.LINES.length),
    play: (input, rng) => slot5.play({ betPerLine: amount(input, 'betPerLine') }, rng),
    info: () => ({
      lines: slot5.LINES,
      symbols: slot5.SYMBOLS,
      paytable: Object.fromEntries(slot5.SYMBOLS.map((s, i) => [s, slot5.CONFIG.pays[i].slice(3)])),
      scatterPays: slot5.CONFIG.scatterPays.slice(3),
      freeSpins: slot5.CONFIG.freeSpins,
      betPerLine: limits(slot5.meta),
      reels: slot5.REELS,
      rows: slot5.ROWS,
    }),
  },
  baccarat: {
    meta: baccarat.meta,
    minBet: baccarat.meta.minBet,
    maxBet: baccarat.meta.maxBet * BigInt(baccarat.BET_TYPES.length),
    play: (input, rng) => {
      const bets: baccarat.BaccaratInput = {};
      for (const k of Object.keys(input)) {
        if (!baccarat.BET_TYPES.includes(k as baccarat.BetType)) throw new GameInputError('CHOICE_INVALID', k, `unknown bet ${k}`);
        bets[k as baccarat.BetType] = input[k] === '0' || input[k] === '0.00' ? 0n : amount(input, k);
      }
      return baccarat.play(bets, rng);
    },
    info: () => ({ betTypes: baccarat.BET_TYPES, pays: { player: 1, banker: 0.95, tie: 8 }, perSpot: limits(baccarat.meta), decks: baccarat.DECKS }),
  },
  fish: {
    meta: fish.meta,
    minBet: fish.meta.minBet,
    maxBet: fish.meta.maxBet,
    play: (input, rng) => fish.play({ bet: amount(input, 'bet'), target: String(input.target ?? '') }, rng),
    info: () => ({ targets: fish.TARGETS }),
  },
  dice: {
    meta: dice.meta,
    minBet: dice.meta.minBet,
    maxBet: dice.meta.maxBet,
    play: (input, rng) => dice.play({ bet: amount(input, 'bet'), target: input.target as number, direction: input.direction as dice.Direction }, rng),
    info: () => ({ rolls: '0.00-99.99', winChance: { min: dice.MIN_WIN_COUNT / 100, max: dice.MAX_WIN_COUNT / 100 }, rtp: dice.DICE_RTP_BP / 10_000 }),
  },
  crash: {
    meta: crash.meta,
    minBet: crash.meta.minBet,
    maxBet: crash.meta.maxBet,
    // no automatic cash-out (shared rounds): the cap, 1000x
    play: (input, rng) => crash.play({ bet: amount(input, 'bet'), cashOut: input.cashOut == null ? crash.MAX_CASHOUT : input.cashOut as number }, rng),
    info: () => ({ cashOut: { min: crash.MIN_CASHOUT, max: crash.MAX_CASHOUT } }),
  },
  keno: {
    meta: keno.meta,
    minBet: keno.meta.minBet,
    maxBet: keno.meta.maxBet,
    play: (input, rng) => keno.play({ bet: amount(input, 'bet'), picks: input.picks as number[] }, rng),
    info: () => ({ numbers: keno.NUMBERS, drawn: keno.DRAWN, maxPicks: 10, paytable: keno.PAYTABLE }),
  },
};

export type Lang = 'ES' | 'EN';
type Reason = GameInputError['code'] | 'BET_PLACED' | 'NO_BET' | 'NOT_FLYING' | 'CASHOUT_LATE';

const REASONS: Record<Reason, Record<Lang, (field: string) => string>> = {
  BET_INVALID: { EN: (f) => `the amount of "${f}" is not valid`, ES: (f) => `el importe de "${f}" no es válido` },
  BET_OUT_OF_RANGE: { EN: (f) => `"${f}" is outside the game's limits`, ES: (f) => `"${f}" está fuera de los límites del juego` },
  CHOICE_INVALID: { EN: (f) => `"${f}" is not a valid choice`, ES: (f) => `"${f}" no es una opción válida` },
  BET_PLACED: { EN: () => 'you already have a bet in this round', ES: () => 'ya tiene una apuesta en esta ronda' },
  NO_BET: { EN: () => 'you have no bet still in this flight', ES: () => 'no tiene una apuesta en vuelo en esta ronda' },
  NOT_FLYING: { EN: () => 'the rocket has not taken off yet', ES: () => 'el cohete aún no despegó' },
  CASHOUT_LATE: { EN: () => 'the rocket crashed before your cash-out', ES: () => 'el cohete explotó antes de su retiro' },
};

/** demo.bet.invalid with a translated reason; the value keeps the engine's code and field for the screen. */
export const betInvalid = (reason: Reason, field: string, lang: Lang) =>
  new AppError('demo.bet.invalid', { reason: REASONS[reason][lang](field) }, { reason, field });

/** Outcomes go to jsonb and to the wire: bigints become decimal strings of minor units. */
export function jsonSafe<T>(value: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Record<string, unknown>;
}
