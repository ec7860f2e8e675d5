import { describe, expect, it, vi } from 'vitest';
import type { DemoClient, Round, Session } from '../api';
import { setLanguage } from '../i18n';
import { mountShell } from '../shell';
import { mount } from './slot5';

const LINES = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2]];
const grid = (top: string) => Array.from({ length: 5 }, () => [top, 'K', 'Q']);
const spin = (top: string, lineBets: number, scatters = 0) => ({
  stops: [0, 0, 0, 0, 0], grid: grid(top), scatters, lineBets,
  lineWins: lineBets ? [{ line: 1, symbol: top, count: 5, multiplier: lineBets }] : [],
});

describe('slot screen', () => {
  it('plays the base spin and its free spins, adding the doubled free-spin wins', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    setLanguage('EN');
    const outcome = { base: spin('A', 80, 3), freeSpins: [spin('J', 0), spin('K', 60), spin('Q', 0)], freeSpinsAwarded: 3 };
    const round: Round = {
      roundId: 'r1', nodeId: '1001', engine: 'slot5', bet: '1.00', payout: '10.00', profit: '9.00', status: 'settled',
      input: { betPerLine: '0.05' }, outcome, serverSeedHash: 'h', clientSeed: 'c', nonce: 0, serverSeed: null, createdAt: new Date().toISOString(),
    };
    const client = { play: vi.fn(async () => ({ round, balance: '1009.00', fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 1 } })) } as unknown as DemoClient;
    const session: Session = {
      engine: 'slot5', nodeId: '1001', gameName: 'Fortune Reels', vendor: 'DEMO', trial: false, currency: 'MXN', balance: '1000.00', language: 'EN',
      backUrl: null, minBet: '0.20', maxBet: '1000.00', rtp: 0.9606, info: { lines: LINES, reels: 5, rows: 3, betPerLine: { minBet: '0.01', maxBet: '50.00' } },
      fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0, nextServerSeedHash: 'n' }, history: [],
    };
    const root = document.createElement('div');
    document.body.append(root);
    mount(mountShell(root, session, client, (x) => x));
    const totals = [...root.querySelectorAll('.dv-stats strong')].map((e) => e.textContent);
    // Lines and total bet = lines × the default 0.05 per line.
    expect(totals.slice(0, 2)).toEqual(['3', '0.15']);
    (root.querySelector('.dv-btn-play') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(root.querySelector('.dv-result')?.textContent).toContain('You won 10.00!'), { timeout: 5000 });
    expect(client.play).toHaveBeenCalledWith({ betPerLine: '0.05' });
    // 80 line bets × 0.05 = 4.00 in the base spin, then 60 × 0.05 × 2 = 6.00 in the free spins.
    expect([...root.querySelectorAll('.dv-stats strong')].map((e) => e.textContent)[3]).toBe('10.00');
    expect(root.querySelector('.dv-slot-banner')?.textContent).toBe('Free spin 3 of 3');
    expect(root.querySelectorAll('.dv-reel').length).toBe(5);
    expect(root.querySelector('.dv-balance-amount')?.textContent).toBe('1,009.00');
    root.remove();
  });
});
