/** Aggregators & credentials: import shows its counts; a rotation sends the partner, protocol and overlap; a new native secret is shown once. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const me = { id: '1', username: 'olga', role: 'owner', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'games.manage', 'settings.manage'], idleMinutes: 15 };
const agg = (lastImport: unknown) => ({
  code: 'HUB88', kind: 'hub88', baseUrl: 'https://api.example', operatorId: '7', vendorPrefix: 'H8', enabled: true,
  vendors: ['RNG-H8AURORA'], lastImport, keysReady: true, walletUrl: 'https://casino.example/wallet/hub88/demo/HUB88',
});
const cred = { id: '5', partner: 'HUB88', protocol: 'hub88', secretHint: null, partnerPublicKey: '-----BEGIN PUBLIC KEY-----\nA\n-----END PUBLIC KEY-----', ourPublicKey: '-----BEGIN PUBLIC KEY-----\nB\n-----END PUBLIC KEY-----', createdBy: 'olga', createdAt: '2026-11-27T10:00:00Z', expiresAt: null, status: 'current' };

describe('console aggregators & credentials', () => {
  it('imports the catalog and shows its counts; rotates a credential with its overlap; shows a new secret once', async () => {
    let imported = false;
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/games/vendors': () => ok([]),
      'GET /wps/ops/games': () => ok({ list: [], page: 1, pageSize: 50, total: 0 }),
      'GET /wps/ops/aggregators': () => ok([agg(imported ? { at: '2026-11-27T10:05:00Z', vendors: 2, games: 5, added: 5 } : null)]),
      'POST /wps/ops/aggregators/import': () => {
        imported = true;
        return ok(agg({ at: '2026-11-27T10:05:00Z', vendors: 2, games: 5, added: 5 }));
      },
      'GET /wps/ops/seamless/credentials': () => ok([cred]),
      'POST /wps/ops/seamless/credentials/create': (c) => ((c.body as { protocol: string }).protocol === 'native'
        ? ok({ credential: { ...cred, id: '6', partner: 'RNG-X', protocol: 'native', secretHint: '…beef', partnerPublicKey: null, ourPublicKey: null }, secret: 'deadbeef', ended: [] })
        : ok({ credential: { ...cred, id: '7' }, secret: null, ended: [{ ...cred, status: 'overlap', expiresAt: '2026-11-28T10:00:00Z' }] })),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/games' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Agregadores y credenciales' }));
    const item = (await screen.findByText('HUB88', { selector: 'h3', exact: false })).closest('article')!;
    expect(within(item).getByText('Nunca')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Importar catálogo' }));
    await screen.findByText('Se importaron 5 juegos (5 nuevos) de 2 estudios.');
    expect(server.calls.filter((c) => c.path === '/wps/ops/aggregators/import').map((c) => c.body)).toEqual([{ code: 'HUB88' }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Rotar' }));
    const form = screen.getByRole('form', { name: 'Credencial nueva o rotada' });
    fireEvent.change(within(form).getByLabelText(/^Solapamiento \(horas\)/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    await screen.findByText('Credencial rotada: 1 anterior(es) dejan de funcionar en 12 h.');
    expect(server.calls.filter((c) => c.path === '/wps/ops/seamless/credentials/create').map((c) => c.body)).toEqual([{ partner: 'HUB88', protocol: 'hub88', overlapHours: 12 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Credencial nueva o rotada' }));
    const form2 = screen.getByRole('form', { name: 'Credencial nueva o rotada' });
    fireEvent.change(within(form2).getByLabelText(/^Socio/), { target: { value: 'RNG-X' } });
    fireEvent.change(within(form2).getByLabelText(/^Protocolo/), { target: { value: 'native' } });
    fireEvent.click(within(form2).getByRole('button', { name: 'Crear' }));
    expect((await screen.findByTestId('new-secret')).textContent).toBe('deadbeef');
  });

  it('shows the refusal of an import in words', async () => {
    fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/games/vendors': () => ok([]),
      'GET /wps/ops/games': () => ok({ list: [], page: 1, pageSize: 50, total: 0 }),
      'GET /wps/ops/aggregators': () => ok([agg(null)]),
      'POST /wps/ops/aggregators/import': () => fail(502, 'operator.aggregator.unreachable'),
      'GET /wps/ops/seamless/credentials': () => ok([]),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/games' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Agregadores y credenciales' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar catálogo' }));
    await screen.findByText('El agregador no respondió. Revise su URL base e inténtelo de nuevo.');
  });
});
