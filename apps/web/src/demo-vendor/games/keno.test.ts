import { describe, expect, it, vi } from 'vitest';
import type { DemoClient, Round, Session } from '../api';
import { setLanguage } from '../i18n';
import { mountShell } from '../shell';
import { mount } from './keno';

describe('keno screen', () => {
  it('picks, quick-picks and clears, refuses to play without picks, and plays the picks', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    setLanguage('EN');
    const round: Round = {
      roundId: 'r1', nodeId: '18006', engine: 'keno', bet: '1.00', payout: '0.00', profit: '-1.00', status: 'settled',
      input: {}, outcome: { picks: [1, 2], hits: [2], drawn: [2, 9, 10] }, serverSeedHash: 'h', clientSeed: 'c', nonce: 0, serverSeed: null,
      createdAt: new Date().toISOString(),
    };
    const client = { play: vi.fn(async () => ({ round, balance: '999.00', fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 1 } })) } as unknown as DemoClient;
    const session: Session = {
      engine: 'keno', nodeId: '18006', gameName: 'Keno', vendor: 'DEMO', trial: false, currency: 'MXN', balance: '1000.00', language: 'EN',
      backUrl: null, minBet: '0.10', maxBet: '100.00', rtp: 0.95, info: { paytable: { 2: { 2: 900 } } },
      fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0, nextServerSeedHash: 'n' }, history: [],
    };
    const root = document.createElement('div');
    document.body.append(root);
    mount(mountShell(root, session, client, (x) => x));
    const cell = (n: number) => root.querySelectorAll<HTMLButtonElement>('.dv-keno-cell')[n - 1];
    const button = (text: string) => [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text)!;
    const count = () => root.querySelector('.dv-keno-tools .dv-muted')?.textContent;

    cell(1).click();
    cell(2).click();
    expect(count()).toBe('2 of 10 picked');
    expect(cell(2).getAttribute('aria-pressed')).toBe('true');
    button('Quick pick').click();
    expect(count()).toBe('2 of 10 picked');
    button('Clear').click();
    expect(count()).toBe('0 of 10 picked');
    const paytable = () => root.querySelector('.dv-paytable h3')?.textContent;
    expect(paytable()).toBe('Paytable');
    (root.querySelector('.dv-btn-play') as HTMLButtonElement).click();
    expect((root.querySelector('.dv-controls .dv-field-error') as HTMLElement).hidden).toBe(false);
    expect(client.play).not.toHaveBeenCalled();

    cell(1).click();
    expect(paytable()).toBe('Paytable · 1 spot');
    cell(2).click();
    expect(paytable()).toBe('Paytable · 2 spots');
    (root.querySelector('.dv-btn-play') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(root.querySelector('.dv-result')?.textContent).toBe('1 hit of 2 · No win this time'));
    expect(client.play).toHaveBeenCalledWith({ bet: '1.00', picks: [1, 2] });
    expect(cell(2).classList.contains('hit')).toBe(true);
    expect(cell(9).classList.contains('drawn')).toBe(true);
    // A new pick clears the last draw from the board.
    cell(3).click();
    expect(cell(9).classList.contains('drawn')).toBe(false);
    root.remove();
  });
});
