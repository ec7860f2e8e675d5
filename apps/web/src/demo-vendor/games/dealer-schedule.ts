/**
 * The dealer's timing at the live baccarat table (pure, tested): the order of the deal as at a
 * real table (player, banker, player, banker, then the player's third card and the banker's
 * third card when the tableau draws them), when each card leaves the shoe measured from the
 * cut-off of the betting phase, and what the dealer says at each moment of the round.
 *
 * The server deals on the first call after the cut-off; the page asks right after it, so the
 * first card leaves the shoe after a short "no more bets" pause and the result shows before
 * the next round opens (the dealing phase lasts 7 s).
 */
export type HandSide = 'player' | 'banker';

export interface DealStep {
  hand: HandSide;
  /** Position of the card in its hand (0, 1, 2). */
  index: number;
  /** Milliseconds after the cut-off when the card leaves the shoe. */
  at: number;
}

export interface DealTiming {
  /** "No more bets": from the cut-off to the first card. */
  firstAt: number;
  /** Between two cards. */
  gap: number;
  /** Extra pause before a third card (the dealer checks the tableau). */
  thirdPause: number;
  /** From the last card to the result. */
  resultAfter: number;
}

export const DEAL_TIMING: DealTiming = { firstAt: 1300, gap: 650, thirdPause: 350, resultAfter: 600 };
/** How long a card flies from the shoe to its place. */
export const FLIGHT_MS = 420;

/** The order of the deal: P1, B1, P2, B2, then P3 and B3 when drawn (either may be missing). */
export function dealOrder(playerCards: number, bankerCards: number): Array<{ hand: HandSide; index: number }> {
  const out: Array<{ hand: HandSide; index: number }> = [];
  for (let i = 0; i < 3; i++) {
    if (i < playerCards) out.push({ hand: 'player', index: i });
    if (i < bankerCards) out.push({ hand: 'banker', index: i });
  }
  return out;
}

/** Every card's time and the time of the result, in ms after the cut-off. */
export function dealSchedule(playerCards: number, bankerCards: number, timing: DealTiming = DEAL_TIMING): { steps: DealStep[]; resultAt: number } {
  let at = timing.firstAt;
  const steps = dealOrder(playerCards, bankerCards).map((s, i) => {
    if (i > 0) at += timing.gap + (s.index === 2 ? timing.thirdPause : 0);
    return { ...s, at };
  });
  return { steps, resultAt: (steps.length ? at : timing.firstAt) + timing.resultAfter };
}

/**
 * Where the deal stands `elapsed` ms after the cut-off: the cards already on the table (shown
 * without flying), and the ones still to deal with their delay from now. A page that opens late
 * (or a result seen after its round) shows what is already dealt at once.
 */
export function dealFrom(schedule: { steps: DealStep[]; resultAt: number }, elapsed: number): { dealt: DealStep[]; pending: Array<DealStep & { delay: number }>; resultDelay: number } {
  const e = Number.isFinite(elapsed) ? Math.max(0, elapsed) : Infinity;
  return {
    dealt: schedule.steps.filter((s) => s.at <= e),
    pending: schedule.steps.filter((s) => s.at > e).map((s) => ({ ...s, delay: s.at - e })),
    resultDelay: Math.max(0, schedule.resultAt - e),
  };
}

export type DealerMood = 'waiting' | 'bets' | 'lastBets' | 'noMore' | 'dealing' | 'result';

/**
 * What the dealer says: "place your bets" while betting, "last bets" in the last 5 seconds,
 * "no more bets" from the cut-off until the first card, dealing, then the result.
 */
export function dealerMood(o: { phase: 'betting' | 'dealing' | null; secondsLeft: number; dealing: boolean; showingResult: boolean }): DealerMood {
  if (!o.phase) return 'waiting';
  if (o.phase === 'betting') return o.secondsLeft > 5 ? 'bets' : o.secondsLeft > 0 ? 'lastBets' : 'noMore';
  if (o.dealing) return 'dealing';
  return o.showingResult ? 'result' : 'noMore';
}

/** When to ask the table next: every second, and right after the cut-off so the deal starts on time. */
export function nextPollDelay(msToCutoff: number, every = 1000): number {
  if (msToCutoff > 0 && msToCutoff < every) return Math.max(50, msToCutoff + 150);
  return every;
}

/** Baccarat points of the cards on the table (A = 1, 2–9 face value, 10 and faces 0; modulo 10), as the dealer calls them. */
export function handPoints(ranks: readonly string[]): number {
  return ranks.reduce((sum, r) => sum + (r === 'A' ? 1 : /^[2-9]$/.test(r) ? Number(r) : 0), 0) % 10;
}
