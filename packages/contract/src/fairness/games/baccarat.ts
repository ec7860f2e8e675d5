/**
 * Baccarat (LIVE): punto banco dealt from an 8-deck shoe with the standard third-card rules.
 * Each round uses a fresh shoe shuffled with the round's RNG; only the cards dealt are drawn
 * (a partial Fisher-Yates: card k is picked uniformly among the 416 - k not yet dealt), which is
 * the same as dealing the first cards of a fully shuffled shoe.
 * Bets: PLAYER pays 1:1, BANKER 0.95:1 (rounded down to the minor unit), TIE 8:1; PLAYER and
 * BANKER bets are returned on a tie. The table's timed rounds belong to the wiring: the engine
 * resolves one round.
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;

export type BetType = 'player' | 'banker' | 'tie';
export const BET_TYPES: readonly BetType[] = ['player', 'banker', 'tie'];
export type Winner = 'PLAYER' | 'BANKER' | 'TIE';

export const meta: GameMeta = {
  code: 'DEMO-LIVE-BACCARAT',
  name: { ES: 'Baccarat Demo', EN: 'Demo Baccarat' },
  gameType: 'LIVE',
  // Exact 8-deck values (see exactOdds()): banker 98.94%, player 98.76%, tie 85.64%.
  rtp: 0.9894,
  rtpByBet: { banker: 0.9894, player: 0.9876, tie: 0.8564 },
  // Worst bet (tie): sd ~ 2.64 -> 4 sd / sqrt(1e6) ~ 0.0106.
  tolerance: 0.011,
  minBet: 100n,
  maxBet: 1_000_000n,
};

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

export interface Card {
  rank: (typeof RANKS)[number];
  suit: (typeof SUITS)[number];
}

/** Card of shoe position `index` (0 .. 415) before shuffling. */
export function cardAt(index: number): Card {
  const c = index % 52;
  return { rank: RANKS[c % 13], suit: SUITS[Math.floor(c / 13)] };
}

/** Baccarat value: A = 1, 2..9 face value, 10 / J / Q / K = 0. */
export function cardValue(card: Card): number {
  const i = RANKS.indexOf(card.rank);
  return i >= 9 ? 0 : i + 1;
}

export function handTotal(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) % 10;
}

/** The player draws a third card on 0-5 (unless either hand is a natural, checked before). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Banker's third-card rule. `playerThird` is the value of the player's third card, or null when
 * the player stood (the banker then draws on 0-5 like the player).
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface Coup {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  natural: boolean;
  winner: Winner;
}

/** Plays a coup from a source of card values (in dealing order: P, B, P, B, then thirds). */
export function coup(next: () => number): Coup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  let pt = handTotal(player);
  let bt = handTotal(banker);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let third: number | null = null;
    if (playerDraws(pt)) {
      third = next();
      player.push(third);
      pt = handTotal(player);
    }
    if (bankerDraws(bt, third)) {
      banker.push(next());
      bt = handTotal(banker);
    }
  }
  return { player, banker, playerTotal: pt, bankerTotal: bt, natural, winner: pt > bt ? 'PLAYER' : bt > pt ? 'BANKER' : 'TIE' };
}

/** Amount returned for one bet given the winner (stake included; 0 when lost). */
export function betReturn(type: BetType, amount: bigint, winner: Winner): bigint {
  if (amount === 0n) return 0n;
  if (winner === 'TIE') return type === 'tie' ? amount * 9n : amount;
  if (type === 'player') return winner === 'PLAYER' ? amount * 2n : 0n;
  if (type === 'banker') return winner === 'BANKER' ? amount + (amount * 95n) / 100n : 0n;
  return 0n;
}

/** Exact probabilities of PLAYER / BANKER / TIE for an 8-deck shoe (full enumeration). */
export function exactOdds(decks = DECKS): Record<Winner, number> {
  const counts = [16 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks];
  const res: Record<Winner, number> = { PLAYER: 0, BANKER: 0, TIE: 0 };
  let left = 52 * decks;
  // Walks every sequence of card values with its probability (without replacement); a coup
  // uses at most 6 cards, so each sequence of 6 values is one leaf.
  const seq: number[] = [];
  const walk = (p: number) => {
    if (seq.length === 6) {
      let i = 0;
      res[coup(() => seq[i++]).winner] += p;
      return;
    }
    // Stop early when the coup is already decided by the cards seen (saves most of the tree).
    if (seq.length >= 4) {
      let i = 0;
      let needed = 0;
      coup(() => {
        needed = Math.max(needed, i + 1);
        return i < seq.length ? seq[i++] : (i++, 0);
      });
      if (needed <= seq.length) {
        let j = 0;
        res[coup(() => seq[j++]).winner] += p;
        return;
      }
    }
    for (let v = 0; v < 10; v++) {
      if (counts[v] === 0) continue;
      const q = p * (counts[v] / left);
      counts[v]--;
      left--;
      seq.push(v);
      walk(q);
      seq.pop();
      counts[v]++;
      left++;
    }
  };
  walk(1);
  return res;
}

export type BaccaratInput = Partial<Record<BetType, bigint>>;

export interface BaccaratOutcome {
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  natural: boolean;
  winner: Winner;
}

export interface BaccaratDetails {
  bets: Record<BetType, bigint>;
  returns: Record<BetType, bigint>;
}

function checkBets(input: BaccaratInput): Record<BetType, bigint> {
  if (typeof input !== 'object' || input === null) throw new GameInputError('BET_INVALID', 'bets', 'bets required');
  for (const k of Object.keys(input)) {
    if (!BET_TYPES.includes(k as BetType)) throw new GameInputError('CHOICE_INVALID', k, `unknown bet ${k}`);
  }
  const bets = { player: 0n, banker: 0n, tie: 0n };
  for (const t of BET_TYPES) {
    const v = input[t];
    if (v === undefined || v === 0n) continue;
    bets[t] = checkBet(v, t, meta.minBet, meta.maxBet);
  }
  if (bets.player + bets.banker + bets.tie === 0n) throw new GameInputError('BET_INVALID', 'bets', 'place at least one bet');
  return bets;
}

export function play(input: BaccaratInput, rng: Rng): PlayResult<BaccaratOutcome, BaccaratDetails> {
  const bets = checkBets(input);
  // Sparse partial Fisher-Yates over the 416 shoe positions.
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  const cards: Card[] = [];
  const next = () => {
    const k = cards.length;
    const j = k + rng.intBelow(SHOE_SIZE - k);
    const picked = at(j);
    moved.set(j, at(k));
    const card = cardAt(picked);
    cards.push(card);
    return cardValue(card);
  };
  const c = coup(next);
  const playerCards = [cards[0], cards[2], ...(c.player.length === 3 ? [cards[4]] : [])];
  const bankerCards = [cards[1], cards[3], ...(c.banker.length === 3 ? [cards[cards.length - 1]] : [])];
  const returns = {
    player: betReturn('player', bets.player, c.winner),
    banker: betReturn('banker', bets.banker, c.winner),
    tie: betReturn('tie', bets.tie, c.winner),
  };
  return {
    outcome: { playerCards, bankerCards, playerTotal: c.playerTotal, bankerTotal: c.bankerTotal, natural: c.natural, winner: c.winner },
    totalBet: bets.player + bets.banker + bets.tie,
    payout: returns.player + returns.banker + returns.tie,
    details: { bets, returns },
  };
}
