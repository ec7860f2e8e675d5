import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok, type FakeCall } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
configure({ asyncUtilTimeout: 4000 });

const PATH = 'GET /wps/relay/ODSFE2_betRecords';

function status() {
  const base = statusFixture();
  const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [MODULES.games, MODULES.wallet].map(node) }] } };
}

const row = (i: number, over: Record<string, unknown> = {}) => ({
  orderNo: `B${String(i).padStart(4, '0')}`, roundId: `r${i}`, gameName: `Aurora Slots ${i}`, nodeId: 'aurora-slot5',
  gameType: 'RNG', vassalage: 'RNG-AURORA', bet: '10.00', validBet: '10.00', win: '25.00', profit: '15.00',
  status: 'settled', betTime: '2026-11-20T18:00:00.000Z', settleTime: '2026-11-20T18:00:01.000Z', ...over,
});

/** 23 bets; the server pages and filters like the real one. */
function server() {
  const all = Array.from({ length: 23 }, (_, i) => row(i + 1, i % 5 === 0 ? { status: 'open', gameType: 'LIVE', win: '0.00', profit: '0.00', settleTime: null } : {}));
  return fakeServer({
    [PATH]: (c: FakeCall) => {
      const page = Number(c.query.get('page') ?? 1);
      const list = all.filter((r) => (!c.query.get('status') || r.status === c.query.get('status')) && (!c.query.get('gameType') || r.gameType === c.query.get('gameType')));
      return ok({
        list: list.slice((page - 1) * 10, page * 10), page, total: list.length, totalPages: Math.ceil(list.length / 10),
        totals: { bet: '230.00', validBet: '230.00', win: '-5.00', profit: '-5.50' },
      });
    },
  });
}

function open() {
  const s = server();
  renderApp({ route: '/member?page=personalHistoryCopy', token: 'tok', member: memberFixture(), status: status() });
  return s;
}
const lastQuery = (s: ReturnType<typeof server>) => s.calls.filter((c) => `${c.method} ${c.path}` === PATH).at(-1)!.query;

describe('betting record', { timeout: 20_000 }, () => {
  it('lists 10 bets a page with every column, the totals and P/L colours; pages forward', async () => {
    const s = open();
    const table = await screen.findByTestId('bets-table');
    expect(within(table).getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(10);
    expect(within(table).getByText('B0001')).toBeInTheDocument();
    for (const h of ['Juego', 'Apuesta', 'Apuesta válida', 'Premio', 'G/P', 'Estado', 'Hora']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    const first = within(table).getAllByRole('row')[1];
    expect(first).toHaveTextContent('Aurora Slots 1');
    expect(first).toHaveTextContent('Casino en vivo');
    expect(first).toHaveTextContent('Liquidada: —');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Tragamonedas');
    const totals = screen.getByTestId('bets-totals');
    expect(totals).toHaveTextContent('Totales');
    expect(within(totals).getByText(/5\.50/).closest('.money')).toHaveClass('money--neg');
    expect(within(table).getAllByText(/15\.00/)[0].closest('.money')).toHaveClass('money--pos');
    expect(screen.getByText('23 apuestas')).toBeInTheDocument();
    expect(lastQuery(s).get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(screen.getByTestId('bets-table')).getByText('B0011')).toBeInTheDocument());
    expect(lastQuery(s).get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(screen.getByTestId('bets-table')).getByText('B0021')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('status and category filters ask the server and go back to page 1', async () => {
    const s = open();
    await screen.findByTestId('bets-table');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(lastQuery(s).get('page')).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Abierta' }));
    await waitFor(() => expect(lastQuery(s).get('status')).toBe('open'));
    expect(lastQuery(s).get('page')).toBe('1');
    await waitFor(() => expect(within(screen.getByTestId('bets-table')).getAllByText('Abierta').length).toBe(5));

    fireEvent.change(screen.getByRole('combobox', { name: 'Categoría' }), { target: { value: 'RNG' } });
    await waitFor(() => expect(lastQuery(s).get('gameType')).toBe('RNG'));
    expect(await screen.findByText('No hay apuestas en este periodo')).toBeInTheDocument();
  });

  it('date presets send brand days; a range over 30 days is refused', async () => {
    const s = open();
    await screen.findByTestId('bets-table');
    const first = lastQuery(s);
    expect(first.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(lastQuery(s).get('startDate')).toBe(lastQuery(s).get('endDate')));
    const calls = s.count(PATH);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2020-01-01' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(s.count(PATH)).toBe(calls);
  });
});
