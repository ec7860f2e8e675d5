import { describe, expect, it } from 'vitest';
import { DEAL_TIMING, dealFrom, dealOrder, dealSchedule, dealerMood, handPoints, nextPollDelay } from './dealer-schedule';

const DEALING_MS = 7000; // the server's dealing phase (apps/server/src/demo-vendor/table.ts)

describe('the dealer at the baccarat table', () => {
  it('deals as at a real table: player, banker, player, banker, then the third cards', () => {
    const seq = (p: number, b: number) => dealOrder(p, b).map((s) => `${s.hand[0].toUpperCase()}${s.index + 1}`).join(' ');
    expect(seq(2, 2)).toBe('P1 B1 P2 B2');
    expect(seq(3, 2)).toBe('P1 B1 P2 B2 P3');
    expect(seq(2, 3)).toBe('P1 B1 P2 B2 B3');
    expect(seq(3, 3)).toBe('P1 B1 P2 B2 P3 B3');
  });

  it('times the cards from the cut-off, pauses before a third card, and shows the result within the dealing phase', () => {
    const { steps, resultAt } = dealSchedule(3, 3);
    const { firstAt, gap, thirdPause, resultAfter } = DEAL_TIMING;
    expect(steps.map((s) => s.at)).toEqual([
      firstAt, firstAt + gap, firstAt + 2 * gap, firstAt + 3 * gap,
      firstAt + 4 * gap + thirdPause, firstAt + 5 * gap + 2 * thirdPause,
    ]);
    expect(resultAt).toBe(steps[5].at + resultAfter);
    for (const [p, b] of [[2, 2], [3, 2], [2, 3], [3, 3]]) {
      const s = dealSchedule(p, b);
      // strictly increasing, and done (cards landed, result shown) before the next round opens
      s.steps.forEach((st, i) => i && expect(st.at).toBeGreaterThan(s.steps[i - 1].at));
      expect(s.resultAt).toBeLessThan(DEALING_MS - 500);
    }
  });

  it('a page that sees the deal late puts the dealt cards down at once and deals the rest on time', () => {
    const schedule = dealSchedule(2, 3);
    const at2 = schedule.steps[2].at;
    const late = dealFrom(schedule, at2 + 100);
    expect(late.dealt.map((s) => `${s.hand}${s.index}`)).toEqual(['player0', 'banker0', 'player1']);
    expect(late.pending.map((s) => s.delay)).toEqual([schedule.steps[3].at - at2 - 100, schedule.steps[4].at - at2 - 100]);
    expect(late.resultDelay).toBe(schedule.resultAt - at2 - 100);
    const early = dealFrom(schedule, -300);
    expect(early.dealt).toEqual([]);
    expect(early.pending[0].delay).toBe(DEAL_TIMING.firstAt);
    const old = dealFrom(schedule, Infinity);
    expect(old.dealt).toHaveLength(5);
    expect(old.pending).toEqual([]);
    expect(old.resultDelay).toBe(0);
  });

  it('says place your bets, last bets, no more bets, deals, then the result', () => {
    const m = (phase: 'betting' | 'dealing' | null, secondsLeft: number, dealing = false, showingResult = false) => dealerMood({ phase, secondsLeft, dealing, showingResult });
    expect(m(null, 0)).toBe('waiting');
    expect(m('betting', 12)).toBe('bets');
    expect(m('betting', 5)).toBe('lastBets');
    expect(m('betting', 0)).toBe('noMore');
    expect(m('dealing', 0)).toBe('noMore');
    expect(m('dealing', 0, true)).toBe('dealing');
    expect(m('dealing', 0, false, true)).toBe('result');
  });

  it('asks the table right after the cut-off so the first card leaves the shoe on time', () => {
    expect(nextPollDelay(5000)).toBe(1000);
    expect(nextPollDelay(400)).toBe(550);
    expect(nextPollDelay(0)).toBe(1000);
    expect(nextPollDelay(-200)).toBe(1000);
  });

  it('calls the points of the cards on the table', () => {
    expect(handPoints([])).toBe(0);
    expect(handPoints(['A', '5'])).toBe(6);
    expect(handPoints(['K', '10', 'Q', 'J'])).toBe(0);
    expect(handPoints(['9', '8'])).toBe(7);
    expect(handPoints(['5', '8', '8'])).toBe(1);
  });
});
