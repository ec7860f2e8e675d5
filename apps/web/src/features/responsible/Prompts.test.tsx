/** The responsible-gaming prompts (issue 26): the deposit-limit prompt and its "not now", the limits link, the session clock of the game frame. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { responsible } from '@lobby/contract';
import { AppProviders, createQueryClient } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';
import { memberKeys } from '@/features/session';
import { initI18n } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import { systemKeys } from '@/lib/system';
import { LimitsPrompt, SessionClock } from './Prompts';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
  localStorage.clear();
});

const limits = (over: Partial<responsible.LimitsView> = {}): responsible.LimitsView => ({
  depositDay: null, depositWeek: null, depositMonth: null, lossDay: null, lossWeek: null, lossMonth: null, sessionMinutes: null, realityMinutes: null,
  pending: [], usage: { depositDay: '0', depositWeek: '0', depositMonth: '0', lossDay: '0', lossWeek: '0', lossMonth: '0' }, break: null, currency: 'MXN', ...over,
});

function show(node: ReactNode) {
  initI18n('ES');
  setToken('tok');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(systemKeys.status(), statusFixture());
  client.setQueryData(memberKeys.info(), memberFixture());
  return { ...render(<MemoryRouter><AppProviders queryClient={client}>{node}</AppProviders></MemoryRouter>), client };
}

describe('responsible-gaming prompts', () => {
  it('asks a member without a deposit limit to set one; "not now" leaves only the limits link, also after a new visit', async () => {
    fakeServer({ 'GET /wps/member/responsible': () => ok(limits()) });
    const first = show(<LimitsPrompt />);
    const prompt = await screen.findByTestId('rg-limits-prompt');
    expect(prompt.textContent).toContain('Fije un límite de depósito');
    expect(screen.getByRole('link', { name: 'Fijar mis límites' }).getAttribute('href')).toBe('/member?page=responsible');
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByTestId('rg-limits-prompt')).toBeNull();
    expect(screen.getByTestId('rg-limits-link').getAttribute('href')).toBe('/member?page=responsible');
    first.unmount();
    show(<LimitsPrompt />);
    await screen.findByTestId('rg-limits-link');
    expect(screen.queryByTestId('rg-limits-prompt')).toBeNull();
  });

  it('a member with a deposit limit sees only the link', async () => {
    fakeServer({ 'GET /wps/member/responsible': () => ok(limits({ depositWeek: '500.00' })) });
    show(<LimitsPrompt />);
    await screen.findByTestId('rg-limits-link');
    expect(screen.queryByTestId('rg-limits-prompt')).toBeNull();
  });

  it('the session clock shows the time played and the net result, read again when a round moves the balance', async () => {
    const started = new Date(Date.now() - (3600 + 125) * 1000).toISOString();
    let net = '-12.50';
    const server = fakeServer({ 'GET /wps/member/responsible/reality': () => ok({ intervalMinutes: null, sessionStartedAt: started, net, currency: 'MXN' }) });
    const { client } = show(<SessionClock />);
    const clock = await screen.findByTestId('session-clock');
    await waitFor(() => expect(clock.querySelector('time')!.textContent).toMatch(/^1:02:0\d$/));
    expect(clock.textContent).toContain('Neto');
    expect(clock.textContent).toContain('12.50');
    net = '-13.50';
    act(() => client.setQueryData(memberKeys.info(), memberFixture({ balance: '486.50' })));
    await waitFor(() => expect(screen.getByTestId('session-clock').textContent).toContain('13.50'));
    expect(server.calls.filter((c) => c.path === '/wps/member/responsible/reality').length).toBe(2);
  });
});
