/** Console sign-in: the first sign-in shows the enrolment QR and needs a code; the menu follows the role. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from './api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const me = (role: string, permissions: string[]) => ({ id: '1', username: 'ana', role, brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions, idleMinutes: 15 });
const dashboard = { day: '2026-01-01', registrations: 2, deposits: { count: 1, amount: '500.00' }, withdrawals: { count: 0, amount: '0.00' }, bets: { count: 0, amount: '0.00' },
  ggr: [], online: 1, pendingDeposits: 0, pendingWithdrawals: 0, series: [{ day: '2026-01-01', deposits: '500.00', withdrawals: '0.00', registrations: 2 }] };

describe('operator console', () => {
  it('first sign-in: shows the QR and the key, then signs in with the code; support sees no finance menu', async () => {
    const server = fakeServer({
      'POST /wps/ops/login': (c) => ((c.body as { code?: string }).code
        ? ok({ token: 'op-token', operator: me('support', ['dashboard.view', 'people.view', 'people.manage']) })
        : { status: 401, body: { success: false, errorCode: 'operator.totp.enrol', message: 'scan', value: { otpauthUrl: 'otpauth://totp/x', secret: 'ABCDEF', qrSvg: '<svg data-testid="qr"></svg>' } } }),
      'GET /wps/ops/me': () => fail(401, 'operator.not.session'),
      'GET /wps/ops/dashboard': () => ok(dashboard),
    });
    renderApp({ route: '/console' });
    fireEvent.change(await screen.findByLabelText(/Nombre de operador/), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('ABCDEF');
    expect(screen.getByTestId('qr')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Código de autenticación/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByTestId('tile-registrations');
    expect(server.calls.filter((c) => c.path === '/wps/ops/login').map((c) => (c.body as { code?: string }).code)).toEqual([undefined, '123456']);
    const nav = document.querySelector('.oc-side nav')!;
    expect(nav.textContent).toContain('Personas');
    expect(nav.textContent).not.toContain('Finanzas');
    expect(nav.textContent).not.toContain('Contenido');
    await waitFor(() => expect(document.querySelector('.oc-chart svg')).toBeTruthy());
  });
});
