import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { getToken, setMerchant } from '@/lib/storage';
import { fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

describe('member box and logout', () => {
  it('balance has 2 decimals and thousands separators, hideable as ***', async () => {
    renderApp({ token: 't1', member: memberFixture({ balance: '9876543.2' }) });
    const amount = await screen.findByTestId('balance');
    expect(amount).toHaveTextContent('$ 9,876,543.20');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    expect(amount).toHaveTextContent('***');
  });

  it('logout asks first: cancel keeps the session; confirm logs out, keeps the merchant code, goes to /', async () => {
    const server = fakeServer({ 'DELETE /wps/session/logout': () => ok(null) });
    renderApp({ route: '/promotions', token: 't1', member: memberFixture({ nickname: 'Player One' }) });
    setMerchant('demo');
    sessionStorage.setItem('somethingElse', 'x');
    const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: 'Player One' }));
    await openMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('¿Desea cerrar la sesión ahora?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(getToken()).toBe('t1');
    expect(server.count('DELETE /wps/session/logout')).toBe(0);

    await openMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(server.count('DELETE /wps/session/logout')).toBe(1);
    expect(sessionStorage.getItem('merchantCode')).toBe('demo');
    expect(sessionStorage.getItem('somethingElse')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect((await screen.findAllByRole('button', { name: 'Iniciar sesión' })).length).toBeGreaterThan(0);
  });

  it('a trial account shows the TRIAL badge and no change-password entry', async () => {
    renderApp({ token: 't1', member: memberFixture({ type: 4, isTrial: true, nickname: 'guest1' }) });
    expect(await screen.findByTestId('trial-badge')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /guest1/ }));
    expect(screen.queryByRole('button', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
  });
});
