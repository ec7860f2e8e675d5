/** Shared shapes of the demo vendor's game engines (pure, no I/O). */

export type GameType = 'RNG' | 'LIVE' | 'FISH' | 'PVP' | 'ELOTT';

export interface GameMeta {
  /** Game code as the catalog and the seamless wallet know it. */
  code: string;
  name: { ES: string; EN: string };
  gameType: GameType;
  /** Stated return to player of the game (of its main bet when there are several). */
  rtp: number;
  /** Stated RTP per bet type, when the game has several (baccarat sides, keno spot counts...). */
  rtpByBet?: Record<string, number>;
  /**
   * Allowed |measured - stated| for the 1,000,000-round simulation test: about four standard
   * deviations of the mean payout (the test recomputes it from the paytable's variance and
   * checks it is within this bound).
   */
  tolerance: number;
  /** Bet limits in minor units (per line for the slot, per bet spot for baccarat). */
  minBet: bigint;
  maxBet: bigint;
}

export interface PlayResult<O, D = Record<string, unknown>> {
  /** What the screen draws. */
  outcome: O;
  /** Total amount debited for the round, minor units. */
  totalBet: bigint;
  /** Total amount credited for the round (0 when lost), minor units. */
  payout: bigint;
  details: D;
}

export type GameErrorCode = 'BET_INVALID' | 'BET_OUT_OF_RANGE' | 'CHOICE_INVALID';

/** Thrown by every engine's `play` on an input it refuses (before touching the RNG). */
export class GameInputError extends Error {
  readonly code: GameErrorCode;
  readonly field: string;
  constructor(code: GameErrorCode, field: string, message: string) {
    super(message);
    this.name = 'GameInputError';
    this.code = code;
    this.field = field;
  }
}

/** Validates a bet amount (bigint minor units within [min, max]). */
export function checkBet(value: unknown, field: string, min: bigint, max: bigint): bigint {
  if (typeof value !== 'bigint') {
    throw new GameInputError('BET_INVALID', field, `${field} must be an integer amount in minor units`);
  }
  if (value < min || value > max) {
    throw new GameInputError('BET_OUT_OF_RANGE', field, `${field} must be between ${min} and ${max}`);
  }
  return value;
}
