/** Rewards page: the points-reward form sends whole numbers and null for an empty limit, shows the server's error, and the list reads the new reward. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const me = { id: '1', username: 'cora', role: 'content', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'content.manage', 'games.manage'], idleMinutes: 15 };

describe('console rewards', () => {
  it('adds a points-mall reward: a bad stock answers the field error, the fixed form saves and the list shows it', async () => {
    const rewards: unknown[] = [];
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/rewards/missions': () => ok([]),
      'GET /wps/ops/rewards/points': () => ok(rewards),
      'POST /wps/ops/rewards/points': (c) => {
        const b = c.body as { stock: number; name: { ES: string; EN: string }; cost: number };
        if (b.stock === null || b.stock < 0) return fail(400, 'request_param_err');
        const row = { id: '41', kind: 'item', name: b.name, description: { ES: '', EN: '' }, image: '', cost: b.cost, stock: b.stock, perMemberLimit: null, voucherAmount: null, enabled: true, sort: 0, redeemed: 0 };
        rewards.push(row);
        return ok(row);
      },
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/rewards' });
    const nav = await screen.findByRole('link', { name: /Recompensas/ });
    expect(nav.getAttribute('href')).toBe('/console/rewards');
    fireEvent.click(await screen.findByRole('tab', { name: 'Tienda de puntos' }));
    fireEvent.click(await screen.findByRole('button', { name: /Nueva recompensa/ }));
    const form = screen.getByRole('form', { name: 'Nueva recompensa' });
    const field = (label: RegExp) => within(form).getByLabelText(label);
    fireEvent.change(field(/Nombre \(español\)/), { target: { value: 'Taza' } });
    fireEvent.change(field(/Nombre \(inglés\)/), { target: { value: 'Mug' } });
    fireEvent.change(field(/Precio \(puntos\)/), { target: { value: '25' } });
    fireEvent.change(field(/^Existencias/), { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Algunos campos faltan o no son válidos.');

    fireEvent.change(field(/^Existencias/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.querySelector('tr[data-reward="41"]')).toBeTruthy());
    const posts = server.calls.filter((c) => c.method === 'POST' && c.path === '/wps/ops/rewards/points');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ kind: 'item', name: { ES: 'Taza', EN: 'Mug' }, description: { ES: '', EN: '' }, image: '', cost: 25, stock: 3, perMemberLimit: null, voucherAmount: null, enabled: true, sort: 0 });
    expect(posts[1].headers['x-operator-session']).toBe('op-token');
    expect(document.querySelector('tr[data-reward="41"]')!.textContent).toContain('Taza');
    expect(screen.getByText('Guardado.')).toBeTruthy();
  });
});
