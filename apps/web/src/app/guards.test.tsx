import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const loc = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it.each(['/member', '/favorite', '/recent', '/lottery?gameCode=x', '/vnLottery'])(
    'logged out: %s redirects to /login, which opens the login popup on home',
    async (path) => {
      renderApp({ route: path });
      const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión' });
      expect(dialog).toBeInTheDocument();
      await waitFor(() => expect(loc()).toBe('/'));
    },
  );

  it('logged in: /member renders the member centre', async () => {
    renderApp({ route: '/member', token: 't', member: memberFixture() });
    expect(await screen.findByRole('heading', { name: 'Centro de miembros' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('trial account on /member gets the in_need_true_account dialog; confirm goes home', async () => {
    renderApp({ route: '/member', token: 't', member: memberFixture({ type: 4, isTrial: true }) });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Registre una cuenta real para usar esta función.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Centro de miembros' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(loc()).toBe('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('trial account on /agentHome gets the in_need_true_account dialog', async () => {
    renderApp({ route: '/agentHome', token: 't', member: memberFixture({ type: 4, isTrial: true }) });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Registre una cuenta real');
  });

  it('non-agent member on /agentHome is redirected to /agent', async () => {
    renderApp({ route: '/agentHome', token: 't', member: memberFixture({ type: 0 }) });
    await waitFor(() => expect(loc()).toBe('/agent'));
    expect(await screen.findByRole('heading', { name: 'Acceso de agentes' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Los no agentes no pueden iniciar sesión.');
  });

  it('logged out on /agentHome goes to /agent', async () => {
    renderApp({ route: '/agentHome' });
    await waitFor(() => expect(loc()).toBe('/agent'));
  });

  it('agent (type 41) on /agentHome sees the agent centre without the site header', async () => {
    renderApp({ route: '/agentHome', token: 't', member: memberFixture({ type: 41, isAgent: true }) });
    expect(await screen.findByRole('heading', { name: 'Centro de agentes' })).toBeInTheDocument();
    expect(loc()).toBe('/agentHome');
    expect(document.getElementById('side-menu')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('/register?referralCode opens the register popup with the code and keeps it', async () => {
    renderApp({ route: '/register?referralCode=ABC123' });
    const dialog = await screen.findByRole('dialog', { name: 'Crear una cuenta' });
    expect(await within(dialog).findByDisplayValue('ABC123')).toHaveAttribute('readonly'); // in the invitation field (issue 23 item 6)
    await waitFor(() => expect(loc()).toBe('/?referralCode=ABC123'));
  });

  it.each([['/login', 'Log in'], ['/register', 'Create an account']])('a first visit to an English-first brand: %s opens its popup titled in English (issue 23 item 5)', async (route, title) => {
    localStorage.clear();
    const base = statusFixture();
    const brand = { ...base.info.brand, defaultLanguage: 'EN', languages: [{ code: 'EN', label: 'English', rtl: false }, { code: 'ES', label: 'Español', rtl: false }] };
    renderApp({ route, status: { ...base, info: { ...base.info, brand } } });
    expect(await screen.findByRole('dialog', { name: title }, { timeout: 8000 })).toBeInTheDocument();
    expect(document.documentElement.lang).toMatch(/^en/);
  });

  it('an unknown path shows the 404 page inside the layout', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(document.getElementById('side-menu')).not.toBeNull();
  });

  it('/seamless is the game alone: no site header, side menu, footer or bottom navigation; one close control', async () => {
    renderApp({ route: '/seamless' });
    await screen.findByRole('heading', { name: 'Juego' });
    expect(document.getElementById('side-menu')).toBeNull();
    expect(document.querySelector('.site')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Volver al lobby' })).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveClass('seamless-page');
  });
});
