/** Affiliate banners (issue 25): the console lists them, a standard size fills width and height, a save sends name, size, art, landing page and whether agents see it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => setConsoleToken(null));

const me = { id: '1', username: 'ana', role: 'content', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'content.manage'], idleMinutes: 15 };
const banner = { id: '5', name: 'Leaderboard', width: 728, height: 90, imageUrl: '/site/banners/a.png', landingPath: '/promotions', enabled: true, updatedAt: '2026-01-01T00:00:00.000Z' };

describe('content: affiliate banners', () => {
  it('lists the banners and saves a new one with a standard size', async () => {
    setConsoleToken('op-token');
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/operator/affiliate/banners': () => ok({ list: [banner] }),
      'POST /wps/operator/affiliate/banners/save': (c) => ok({ ...banner, ...(c.body as object), id: '6' }),
    });
    renderApp({ route: '/console/content?tab=affiliate' });
    const table = await screen.findByTestId('affiliate-banners');
    expect(await within(table).findByText('Leaderboard')).toBeInTheDocument();
    expect(within(table).getByText('728×90')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo banner de afiliados' }));
    const f = within(await screen.findByRole('form', { name: 'Banner de afiliados' }));
    fireEvent.change(f.getByLabelText('Nombre'), { target: { value: 'Square' } });
    fireEvent.change(f.getByLabelText('Tamaño'), { target: { value: '300x250' } });
    expect((f.getByLabelText('Ancho (px)') as HTMLInputElement).value).toBe('300');
    fireEvent.change(f.getByLabelText('Imagen'), { target: { value: 'https://cdn.example/sq.jpg' } });
    fireEvent.click(f.getByLabelText('Ofrecido a los agentes'));
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.count('POST /wps/operator/affiliate/banners/save')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/operator/affiliate/banners/save')!.body).toEqual({
      name: 'Square', width: 300, height: 250, imageUrl: 'https://cdn.example/sq.jpg', landingPath: '/', enabled: false,
    });
    await screen.findByText('«Square» guardado.');
  }, 20_000);
});
