import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrashState, DemoClient, Round, Session } from '../api';
import { setLanguage } from '../i18n';
import { mountShell } from '../shell';
import { mount } from './crash';

const T = 'a'.repeat(64);

function stateAt(now: number, over: Partial<CrashState>): CrashState {
  return {
    roundId: 'CR18001-1-7', phase: 'betting', serverTime: new Date(now).toISOString(), opensAt: new Date(now - 1000).toISOString(), flightAt: new Date(now + 5000).toISOString(),
    crashedAt: null, crashPoint: null, nextAt: null, growthPerMs: 0.00012,
    chain: { id: '1', index: 7, length: 10000, terminatingHash: T, salt: 'salt' }, serverSeedHash: 'b'.repeat(64), serverSeed: null,
    players: [], myBet: null, results: [{ roundId: 'CR18001-1-6', crashPoint: 2.24, serverSeed: 'c'.repeat(64), serverSeedHash: 'd'.repeat(64), hash: 'e'.repeat(64) }],
    ...over,
  };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('crash screen (shared rounds)', () => {
  it('bets during betting without an auto cash-out, shows the players, cashes out in flight and shows the chain', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    setLanguage('EN');
    const now = Date.now();
    let state = stateAt(now, {});
    const round = { roundId: 'CR18001-1-7', nodeId: '18001', engine: 'crash', bet: '1.00', payout: '0.00', profit: '-1.00', status: 'pending', input: {}, outcome: null, serverSeedHash: 'b', clientSeed: 'salt', nonce: 7, serverSeed: null, createdAt: new Date().toISOString() } as Round;
    const client = {
      crash: vi.fn(async () => state),
      play: vi.fn(async () => ({ round, balance: '999.00', fairness: { serverSeedHash: 'b', clientSeed: 'salt', nonce: 7, nextServerSeedHash: '' } })),
      cashout: vi.fn(async () => ({ round: { ...round, status: 'settled', payout: '1.50' }, balance: '1000.50', cashedOut: 1.5 })),
    } as unknown as DemoClient;
    const session: Session = {
      engine: 'crash', nodeId: '18001', gameName: 'Rocket', vendor: 'PVP-ROCKET', trial: false, currency: 'MXN', balance: '1000.00', language: 'EN',
      backUrl: null, minBet: '0.10', maxBet: '100.00', rtp: 0.97, info: {}, fairness: { serverSeedHash: 'b', clientSeed: 'salt', nonce: 7, nextServerSeedHash: '' }, history: [],
    };
    const root = document.createElement('div');
    document.body.append(root);
    mount(mountShell(root, session, client, (x) => x));
    await vi.waitFor(() => expect(root.querySelector('[data-testid=terminating-hash]')?.textContent).toBe(T));
    expect(root.querySelector('[data-testid=revealed-seed]')?.textContent).toBe('c'.repeat(64));
    expect(root.querySelector('.dv-crash-last')?.textContent).toBe('2.24×');
    expect(root.querySelector('.dv-crash-players')?.textContent).toContain('No bets in this round yet.');

    (root.querySelector('[data-testid=auto-cashout]') as HTMLInputElement).value = '';
    (root.querySelector('.dv-btn-play') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(client.play).toHaveBeenCalledWith({ bet: '1.00' }));

    // the flight (the next poll): my bet is in, the cash-out button shows the win at the current multiplier
    state = stateAt(Date.now(), { phase: 'flying', flightAt: new Date(Date.now() - 5777).toISOString(), players: [{ name: 'gu***t', me: true, bet: '1.00', cashedOut: null, payout: null }], myBet: { bet: '1.00', cashOut: null, cashedOut: null, payout: null } });
    await vi.waitFor(() => expect((root.querySelector('.dv-btn-cash') as HTMLButtonElement).hidden).toBe(false), { timeout: 3000 });
    expect(root.querySelector('.dv-btn-cash')?.textContent).toMatch(/^Cash out 2\.\d\d$/);
    expect(root.querySelector('.dv-crash-list')?.textContent).toContain('in flight');
    (root.querySelector('.dv-btn-cash') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(root.querySelector('.dv-result')?.textContent).toBe('Cashed out at 1.50× · You won 1.50!'));
    expect(root.querySelector('.dv-balance-amount')?.textContent).toBe('1,000.50');
    window.dispatchEvent(new Event('pagehide'));
  });
});
