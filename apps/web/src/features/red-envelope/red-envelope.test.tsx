/** Red envelopes: the floating button shows when one is open to the member, the popup opens it; agents send. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, fail, ok } from '@/test/server';
import { sendProblem } from './SendForm';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
function status(on = true) {
  const base = statusFixture();
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: on ? [node(MODULES.redEnvelope)] : [] }] } };
}
const ENV = { id: '5', kind: 'agent', title: 'Feliz año', senderName: 'agent01', remaining: 2, count: 3, expiresAt: '2030-01-01T00:00:00Z' };

afterEach(() => vi.unstubAllGlobals());

function setup(o: { route?: string; list?: unknown[]; on?: boolean; type?: number; open?: () => { status?: number; body: unknown } } = {}) {
  let list = o.list ?? [ENV];
  const server = fakeServer({
    'GET /wps/redEnvelope/available': () => ok({ list }),
    'POST /wps/redEnvelope/open': () => {
      list = [];
      return o.open ? o.open() : ok({ id: '5', amount: '3.21', title: 'Feliz año', senderName: 'agent01', alreadyOpened: false });
    },
    'GET /wps/redEnvelope/history': () => ok({ list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 }),
    'GET /wps/redEnvelope/sent': () => ok({ list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 }),
    'POST /wps/redEnvelope/send': (c) => ok({ id: '9', kind: 'agent', title: '', total: (c.body as { total: string }).total, count: (c.body as { count: number }).count, split: 'random', scope: 'direct', openedCount: 0, openedAmount: '0.00', refunded: '0.00', status: 'open', startsAt: '2030-01-01T00:00:00Z', expiresAt: '2030-01-02T00:00:00Z', createdAt: '2030-01-01T00:00:00Z' }),
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
  });
  renderApp({ route: o.route ?? '/', token: 'tok', member: memberFixture({ type: o.type ?? 0 }), status: status(o.on ?? true) });
  return server;
}

describe('floating red envelope', { timeout: 20_000 }, () => {
  it('shows with the count; the popup opens one and shows the amount; then it goes', async () => {
    const server = setup();
    const float = await screen.findByTestId('red-envelope-float');
    expect(float.textContent).toContain('1');
    fireEvent.click(float);
    const popup = await screen.findByTestId('red-envelope-popup');
    expect(within(popup).getByText('Feliz año')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Abrir' }));
    const result = await screen.findByTestId('red-envelope-result');
    expect(result.textContent).toContain('3.21');
    expect(server.calls.find((c) => c.path === '/wps/redEnvelope/open')?.body).toEqual({ id: '5' });
    fireEvent.click(within(result).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByTestId('red-envelope-float')).toBeNull());
  });

  it('a lost race shows the server\'s reason', async () => {
    setup({ open: () => fail(409, 'redEnvelope.empty') });
    fireEvent.click(await screen.findByTestId('red-envelope-float'));
    fireEvent.click(within(await screen.findByTestId('red-envelope-popup')).getByRole('button', { name: 'Abrir' }));
    await screen.findByText(/ya se tomaron todas las partes/);
  });

  it('is absent with nothing open, for visitors and with the module off', async () => {
    const server = setup({ list: [] });
    await waitFor(() => expect(server.count('GET /wps/redEnvelope/available')).toBe(1));
    expect(screen.queryByTestId('red-envelope-float')).toBeNull();
  });

  it('module off: never asks', async () => {
    const server = setup({ on: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.count('GET /wps/redEnvelope/available')).toBe(0);
    expect(screen.queryByTestId('red-envelope-float')).toBeNull();
  });
});

describe('red envelope page', { timeout: 20_000 }, () => {
  it('an agent sends one: bad values are caught before the call, good ones sent once', async () => {
    const server = setup({ route: '/redEnvelope', type: 1, list: [] });
    const form = await screen.findByTestId('red-envelope-send');
    fireEvent.change(within(form).getByTestId('red-envelope-total'), { target: { value: '0.03' } });
    fireEvent.change(within(form).getByTestId('red-envelope-count'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar sobre' }));
    await within(form).findByText(/al menos 0.01/);
    expect(server.count('POST /wps/redEnvelope/send')).toBe(0);
    fireEvent.change(within(form).getByTestId('red-envelope-total'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar sobre' }));
    await waitFor(() => expect(server.count('POST /wps/redEnvelope/send')).toBe(1));
    const body = server.calls.find((c) => c.path === '/wps/redEnvelope/send')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ total: '50', count: 5, split: 'random', scope: 'direct', expiresInMinutes: 1440 });
    expect(String(body.requestId).length).toBeGreaterThanOrEqual(8);
  });

  it('members see no send form', async () => {
    setup({ route: '/redEnvelope', list: [] });
    await screen.findByTestId('page-red-envelope');
    expect(screen.queryByTestId('red-envelope-send')).toBeNull();
  });

  it('checks values like the server', () => {
    expect(sendProblem('10', '3')).toBeNull();
    expect(sendProblem('0', '3')).toBe('total');
    expect(sendProblem('1.234', '3')).toBe('total');
    expect(sendProblem('abc', '3')).toBe('total');
    expect(sendProblem('10', '0')).toBe('count');
    expect(sendProblem('10', '501')).toBe('count');
    expect(sendProblem('0.02', '3')).toBe('split');
  });
});
