/** Lottery page: a game's issues with their bets; void with a reason after a confirmation (refusals stay in the dialog); draw now; menu by permission. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { operatorLottery } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const meOf = (role: string, permissions: string[]) => ({ id: '1', username: 'fina', role, brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions, idleMinutes: 15 });
const FINANCE = meOf('finance', ['dashboard.view', 'finance.view', 'people.view', 'audit.view', 'lottery.manage']);
const games: operatorLottery.ConsoleGame[] = [
  { gameCode: 'FAST3', name: { ES: 'Rápido 3 minutos', EN: 'Fast 3 minutes' }, kind: 'fast', region: null, intervalSeconds: 180, drawTime: null, cutoffSeconds: 15 },
  { gameCode: 'VN-NORTH', name: { ES: 'Vietnam Norte', EN: 'Vietnam North' }, kind: 'vn', region: 'north', intervalSeconds: null, drawTime: '18:15', cutoffSeconds: 900 },
];
const row = (numero: string, over: Partial<operatorLottery.DrawRow> = {}): operatorLottery.DrawRow => ({
  numero, status: 'open', opensAt: '2026-11-23T12:00:00Z', closesAt: '2026-11-23T12:02:45Z', drawAt: '2026-11-23T12:03:00Z',
  publishedAt: null, settledAt: null, voidedAt: null, voidReason: null, voidedBy: null, special: '', prizes: [], seedHash: 'ab'.repeat(32),
  bets: 0, stake: '0.00', win: '0.00', openBets: 0, canVoid: true, canDraw: true, ...over,
});
const page = (list: operatorLottery.DrawRow[]) => ok({ list, page: 1, pageSize: 20, total: list.length });

describe('console lottery', () => {
  it('voids an issue with open bets after a confirmation with a reason; the list shows it void', async () => {
    let voided = false;
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(FINANCE),
      'GET /wps/ops/lottery/games': () => ok(games),
      'GET /wps/ops/lottery/draws': (c) => (c.query.get('gameCode') === 'VN-NORTH'
        ? page([row('20261122', { status: 'settled', publishedAt: '2026-11-22T11:15:00Z', special: '12345', prizes: [{ prize: 'DB', numbers: ['12345'] }, { prize: 'G1', numbers: ['67890'] }], bets: 4, stake: '40.00', win: '35.00', canVoid: false, canDraw: false })])
        : page([
          row('20261123-0242', voided
            ? { status: 'void', voidReason: 'RNG outage', voidedBy: 'fina', bets: 2, stake: '25.00', canVoid: false, canDraw: false }
            : { bets: 2, stake: '25.00', openBets: 2 }),
          row('20261123-0241', { status: 'settled', publishedAt: '2026-11-23T12:00:00Z', special: '90817', prizes: [{ prize: 'DB', numbers: ['90817'] }], bets: 1, stake: '5.00', canVoid: false, canDraw: false }),
        ])),
      'POST /wps/ops/lottery/void': () => {
        voided = true;
        return ok({ draw: row('20261123-0242', { status: 'void' }), refunded: 2 });
      },
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/lottery' });
    expect(await screen.findByRole('heading', { name: 'Lotería' })).toBeTruthy();
    const open = await screen.findByText('20261123-0242');
    const tr = open.closest('tr')!;
    expect(within(tr).getByText('Abierto')).toBeTruthy();
    expect(within(tr).getByText('25.00')).toBeTruthy();
    // a settled issue shows its result and has no actions
    const settled = screen.getByText('20261123-0241').closest('tr')!;
    expect(within(settled).getByTestId('special').textContent).toBe('90817');
    expect(within(settled).queryByRole('button')).toBeNull();

    fireEvent.click(within(tr).getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular el sorteo 20261123-0242' });
    expect(dialog.textContent).toContain('sus 2 apuestas (25.00) se reembolsan');
    const confirm = within(dialog).getByRole('button', { name: 'Anular sorteo' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: '  RNG outage ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText('Sorteo 20261123-0242 anulado: 2 apuestas reembolsadas.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/wps/ops/lottery/void').map((c) => c.body)).toEqual([{ gameCode: 'FAST3', numero: '20261123-0242', reason: 'RNG outage' }]);
    await waitFor(() => expect(screen.getByText('20261123-0242').closest('tr')!.getAttribute('data-status')).toBe('void'));
    const after = screen.getByText('20261123-0242').closest('tr')!;
    expect(after.textContent).toContain('“RNG outage”');
    expect(after.textContent).toContain('Anulado por fina');

    // another game: its issues with every prize
    fireEvent.change(screen.getByLabelText('Juego'), { target: { value: 'VN-NORTH' } });
    const north = (await screen.findByText('20261122')).closest('tr')!;
    expect(within(north).getByText('Todos los premios')).toBeTruthy();
    expect(north.textContent).toContain('67890');
    expect(server.calls.some((c) => c.path === '/wps/ops/lottery/draws' && c.query.get('gameCode') === 'VN-NORTH')).toBe(true);
  });

  it('a refused void stays in the dialog with the server\'s message; draw now confirms and reports the result', async () => {
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(FINANCE),
      'GET /wps/ops/lottery/games': () => ok(games),
      'GET /wps/ops/lottery/draws': () => page([row('20261123-0242', { bets: 1, stake: '3.00', openBets: 1 })]),
      'POST /wps/ops/lottery/void': () => fail(409, 'lottery.draw.state', undefined, 'Este sorteo ya no se puede modificar (está drawn).'),
      'POST /wps/ops/lottery/draw-now': () => ok(row('20261123-0242', { status: 'settled', special: '55555', canVoid: false, canDraw: false })),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/lottery' });
    const tr = (await screen.findByText('20261123-0242')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular sorteo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Este sorteo ya no se puede modificar (está drawn).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(tr).getByRole('button', { name: 'Sortear ahora' }));
    const draw = await screen.findByRole('dialog', { name: 'Sortear ahora el sorteo 20261123-0242' });
    fireEvent.click(within(draw).getByRole('button', { name: 'Sortear ahora' }));
    await screen.findByText('Sorteo 20261123-0242 sorteado: 55555.');
    expect(server.calls.filter((c) => c.path === '/wps/ops/lottery/draw-now').map((c) => c.body)).toEqual([{ gameCode: 'FAST3', numero: '20261123-0242' }]);
  });

  it('VN official result: the entry waits for a second operator; a mismatch is shown with the prizes that differ and can be discarded', async () => {
    const south: operatorLottery.ConsoleGame = { gameCode: 'VN-SOUTH', name: { ES: 'Vietnam Sur', EN: 'Vietnam South' }, kind: 'vn', region: 'south', intervalSeconds: null, drawTime: '03:15', cutoffSeconds: 300 };
    const entry = (by: string, g7: string) => ({ seq: 1, source: 'console' as const, by, at: '2026-11-30T09:20:00Z', prizes: [{ prize: 'G7', numbers: [g7] }] });
    const official = { resultSource: 'official' as const, province: { code: 'HCM', name: 'TP. Hồ Chí Minh' }, seedHash: '', status: 'closed' as const, canDraw: false, bets: 1, stake: '10.00', openBets: 1 };
    let state: 'awaiting' | 'mismatch' = 'awaiting';
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(FINANCE),
      'GET /wps/ops/lottery/games': () => ok([south]),
      'GET /wps/ops/lottery/draws': () => page([row('20261130-HCM', {
        ...official,
        official: state === 'awaiting'
          ? { state, entries: [entry('owner1', '123')], differing: [], canEnter: true }
          : { state, entries: [entry('owner1', '123'), { ...entry('fina', '999'), seq: 2 }], differing: ['G7'], canEnter: false },
      })]),
      'POST /wps/ops/lottery/result': () => {
        state = 'mismatch';
        return ok({ outcome: 'mismatch', settled: 0, draw: row('20261130-HCM', official) });
      },
      'POST /wps/ops/lottery/result/discard': () => ok({ discarded: 2, draw: row('20261130-HCM', official) }),
      'POST /wps/ops/lottery/result/import': () => fail(409, 'lottery.feed.unset', undefined, 'Esta marca no tiene configurada una fuente de resultados.'),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/lottery' });
    const tr = (await screen.findByText('20261130-HCM')).closest('tr')!;
    expect(tr.textContent).toContain('TP. Hồ Chí Minh');
    expect(within(tr).getByTestId('official-state').textContent).toBe('Ingresado por owner1: falta un segundo operador');
    fireEvent.click(within(tr).getByRole('button', { name: 'Confirmar resultado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar el resultado oficial del sorteo 20261130-HCM' });
    const submit = within(dialog).getByTestId('result-submit') as HTMLButtonElement;
    const values: Record<string, string> = { DB: '111111', G1: '11111', G2: '11111', G3: '11111 11111', G4: '11111 11111 11111 11111 11111 11111 11111', G5: '1111', G6: '1111 1111 1111', G7: '999', G8: '22' };
    for (const [prize, v] of Object.entries(values)) {
      expect(submit.disabled).toBe(true);
      fireEvent.change(dialog.querySelector(`input[name=${prize}]`)!, { target: { value: v } });
    }
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await screen.findByText('Sorteo 20261130-HCM: las dos entradas no coinciden. La liquidación queda bloqueada hasta descartarlas.');
    const body = server.calls.find((c) => c.path === '/wps/ops/lottery/result')!.body as { prizes: { prize: string; numbers: string[] }[] };
    expect(body.prizes.find((p) => p.prize === 'G4')!.numbers).toHaveLength(7);
    const blocked = await screen.findByRole('alert');
    expect(blocked.textContent).toBe('Las entradas no coinciden (7.º): liquidación bloqueada');
    fireEvent.click(within(screen.getByText('20261130-HCM').closest('tr')!).getByRole('button', { name: 'Descartar entradas' }));
    const discard = await screen.findByRole('dialog', { name: 'Descartar las entradas del sorteo 20261130-HCM' });
    fireEvent.change(within(discard).getByLabelText(/Motivo/), { target: { value: 'G7 mal escrito' } });
    fireEvent.click(within(discard).getByRole('button', { name: 'Descartar entradas' }));
    await screen.findByText('Sorteo 20261130-HCM: 2 entradas descartadas.');
    // the brand's results feed, read now: the server's refusal is shown
    fireEvent.click(screen.getByTestId('read-feed'));
    expect((await screen.findByText('Esta marca no tiene configurada una fuente de resultados.')).closest('[role=alert]')).toBeTruthy();
  });

  it('the menu shows Lottery only with lottery.manage', async () => {
    fakeServer({
      'GET /wps/ops/me': () => ok(meOf('content', ['dashboard.view', 'content.manage', 'games.manage'])),
      'GET /wps/ops/dashboard': () => fail(500, 'unknown.error'),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console' });
    await screen.findByRole('link', { name: /Juegos/ });
    expect(screen.queryByRole('link', { name: /Lotería/ })).toBeNull();
  });
});
