import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoApiError, type DemoClient, type PlayAnswer, type Round, type Session } from './api';
import { setLanguage } from './i18n';
import { closeGame, mountShell } from './shell';

const fairness = { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 0, nextServerSeedHash: 'b'.repeat(64) };
const session: Session = {
  engine: 'dice', nodeId: '18002', gameName: 'Dados', vendor: 'PVP-DICE', trial: true, currency: 'MXN', balance: '2000.00',
  language: 'ES', backUrl: null, minBet: '0.10', maxBet: '100.00', rtp: 0.99, info: {}, fairness, history: [],
};
const round = (id: string): Round => ({
  roundId: id, nodeId: '18002', engine: 'dice', bet: '1.00', payout: '1.98', profit: '0.98', status: 'settled', input: {},
  outcome: { roll: 70, target: 50, direction: 'over', win: true }, serverSeedHash: fairness.serverSeedHash, clientSeed: 'seed', nonce: 0, serverSeed: null,
  createdAt: new Date().toISOString(),
});

function client(overrides: Partial<DemoClient> = {}): DemoClient {
  return {
    session: vi.fn(), seed: vi.fn(), history: vi.fn(), table: vi.fn(),
    play: vi.fn(async () => ({ round: round('r1'), balance: '2000.98', fairness: { ...fairness, nonce: 1 } })),
    ...overrides,
  } as DemoClient;
}

afterEach(() => {
  document.body.replaceChildren();
  document.body.className = '';
});

describe('game frame', () => {
  it('places one round for a double click and disables play while it is in flight', async () => {
    setLanguage('ES');
    let release!: () => void;
    const c = client({
      play: vi.fn(() => new Promise<PlayAnswer>((resolve) => { release = () => resolve({ round: round('r1'), balance: '2000.98', fairness: { ...fairness, nonce: 1 } }); })),
    });
    const root = document.createElement('div');
    document.body.append(root);
    const ctx = mountShell(root, session, c, (x) => x);
    const btn = ctx.playButton(document.createElement('button'));
    const draw = vi.fn(async () => {});
    const first = ctx.play({ bet: '1.00' }, draw);
    const second = ctx.play({ bet: '1.00' }, draw);
    expect(btn.disabled).toBe(true);
    expect(await second).toBeNull();
    release();
    expect((await first)?.roundId).toBe('r1');
    expect(c.play).toHaveBeenCalledTimes(1);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(btn.disabled).toBe(false);
    expect(root.querySelector('.dv-balance-amount')?.textContent).toBe('2,000.98');
    expect(root.querySelectorAll('.dv-history tbody tr')).toHaveLength(1);
    expect(root.textContent).toContain('Dinero de prueba');
  });

  it('shows the envelope message and code of a refused round', async () => {
    setLanguage('EN');
    const c = client({ play: vi.fn(async () => { throw new DemoApiError('demo.insufficient.funds', 'Insufficient balance for this bet.', 400); }) });
    const root = document.createElement('div');
    const ctx = mountShell(root, { ...session, language: 'EN' }, c, (x) => x);
    expect(await ctx.play({ bet: '1.00' }, async () => {})).toBeNull();
    const banner = root.querySelector('.dv-error') as HTMLElement;
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toContain('Insufficient balance for this bet.');
    expect(banner.textContent).toContain('demo.insufficient.funds');
    expect(root.querySelector('.dv-balance-amount')?.textContent).toBe('2,000.00');
  });

  it('writes the result line of a payout: a win, or no win after its lead', () => {
    setLanguage('EN');
    const root = document.createElement('div');
    const ctx = mountShell(root, session, client(), (x) => x);
    const line = root.querySelector('.dv-result') as HTMLElement;
    ctx.payoutResult('1234.5');
    expect(line.className).toContain('dv-result-win');
    expect(line.textContent).toBe('You won 1,234.50!');
    ctx.payoutResult('0.00', '2 hits of 5');
    expect(line.className).toContain('dv-result-lose');
    expect(line.textContent).toBe('2 hits of 5 · No win this time');
  });

  it('has its own close only when not framed (in the lobby frame the lobby bar has the one close control)', () => {
    const alone = document.createElement('div');
    mountShell(alone, session, client(), (x) => x);
    expect(alone.querySelectorAll('.dv-close')).toHaveLength(1);
    const spy = vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: vi.fn() } as unknown as Window);
    const framed = document.createElement('div');
    mountShell(framed, session, client(), (x) => x);
    expect(framed.querySelectorAll('.dv-close')).toHaveLength(0);
    // the first screen holds the header and the game; history and fairness follow it
    expect(framed.querySelector('.dv-screen .dv-main .dv-controls')).not.toBeNull();
    expect(framed.querySelector('.dv-screen .dv-panels')).toBeNull();
    spy.mockRestore();
  });

  it('closes by telling the parent window when framed (even with a back path), else by going to the back path', () => {
    const post = vi.fn();
    const parent = { postMessage: post } as unknown as Window;
    const spy = vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    closeGame('/pvp');
    expect(post).toHaveBeenCalledWith({ type: 'demo-vendor:close' }, location.origin);
    spy.mockReturnValue(window);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
    closeGame('/pvp');
    expect(assign).toHaveBeenCalledWith('/pvp');
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('client seed', () => {
  it('accepts what the API accepts: 1-64 printable ASCII characters without spaces', async () => {
    const { validClientSeed } = await import('./fairness');
    expect(validClientSeed('lucky-42')).toBe(true);
    expect(validClientSeed('x'.repeat(64))).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'my seed', 'semilla-ñ']) expect(validClientSeed(bad), bad).toBe(false);
  });
});
