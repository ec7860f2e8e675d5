/** Games page: bulk selection turns the selected games off in one call; the import shows counts or the refused rows. */
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
const game = (i: number, enabled = true) => ({
  nodeId: `g-${i}`, gameCode: `G${i}`, name: { ES: `Juego ${i}`, EN: `Game ${i}` }, gameType: 'RNG', vendor: 'RNG-AURORA',
  isHot: false, supportPlay: 1, sort: i, enabled, plays: '0',
});
const vendors = [{ code: 'RNG-AURORA', name: 'Aurora', gameType: 'RNG', sort: 0, enabled: true, maintenance: false, games: 3, enabledGames: 3 }];

describe('console games', () => {
  it('selects games, turns the selection off in one call and reads the list again', async () => {
    const off = new Set<string>();
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/games/vendors': () => ok(vendors),
      'GET /wps/ops/games': () => ok({ list: [1, 2, 3].map((i) => game(i, !off.has(`g-${i}`))), page: 1, pageSize: 50, total: 3 }),
      'POST /wps/ops/games/bulk': (c) => {
        const b = c.body as { nodeIds: string[]; enabled: boolean };
        b.nodeIds.forEach((id) => off.add(id));
        return ok({ changed: b.nodeIds.length, unknown: [] });
      },
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/games' });
    fireEvent.click(await screen.findByLabelText('Seleccionar Juego 1'));
    fireEvent.click(screen.getByLabelText('Seleccionar Juego 3'));
    const bar = screen.getByRole('region', { name: '2 seleccionados' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Desactivar' }));
    await screen.findByText('2 juegos cambiados.');
    expect(server.calls.filter((c) => c.path === '/wps/ops/games/bulk').map((c) => c.body)).toEqual([{ nodeIds: ['g-1', 'g-3'], enabled: false }]);
    expect(screen.queryByRole('region', { name: /seleccionados/ })).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Seleccionar Juego 3').closest('tr')!.className).toContain('gm-off'));
    expect(screen.getByLabelText('Seleccionar Juego 2').closest('tr')!.className).not.toContain('gm-off');
  });

  it('imports a file: a refused file lists each row with its field and problem; a good one its counts', async () => {
    let refuse = true;
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/games/vendors': () => ok(vendors),
      'GET /wps/ops/games': () => ok({ list: [], page: 1, pageSize: 50, total: 0 }),
      'POST /wps/ops/games/import': () => (refuse
        ? fail(422, 'operator.games.import.invalid', { errors: [{ section: 'games', row: 4, field: 'name.EN', errorCode: 'required' }, { section: 'games', row: 7, field: 'vendor', errorCode: 'vendor_unknown' }], total: 2 })
        : ok({ vendors: { added: 1, updated: 0, unchanged: 0 }, games: { added: 2, updated: 1, unchanged: 5 } })),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/games' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Importar' }));
    const input = screen.getByLabelText(/Archivo de catálogo/) as HTMLInputElement;
    const file = (text: string) => new File([text], 'catalog.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file('{"games": [')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    await screen.findByText('Este archivo no es un JSON válido.');
    expect(server.calls.some((c) => c.path === '/wps/ops/games/import')).toBe(false);

    fireEvent.change(input, { target: { files: [file('{"games": []}')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const refused = await screen.findByTestId('import-refused');
    expect(within(refused).getByText('No se importó nada: 2 problemas en el archivo.')).toBeTruthy();
    const rows = within(refused).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Juegos4name.ENFalta', 'Juegos7vendorProveedor que no está en el archivo ni en el catálogo']);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const done = await screen.findByTestId('import-done');
    expect(within(done).getByRole('row', { name: /Juegos/ }).textContent).toBe('Juegos215');
    expect(server.calls.filter((c) => c.path === '/wps/ops/games/import').at(-1)!.body).toEqual({ file: { games: [] }, fileName: 'catalog.json' });
  });
});
