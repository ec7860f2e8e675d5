/** Finance → Withdrawal history (issue 22): payout state and reason per row, totals, the filter sent as asked, CSV of the same filter. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operator, type payments } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { fakeServer, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const FINANCE = { id: '1', username: 'fina', role: 'finance', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'finance.view'], idleMinutes: 15 };
type WithdrawalRow = z.infer<typeof payments.withdrawalRow>;
const row = (withdrawNo: string, over: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  withdrawNo, username: 'player01', method: 'bank', amount: '200.00', fee: '2.00', status: 'paid', payoutStatus: 'paid', provider: 'demo', detail: '',
  createdAt: '2026-11-27T12:00:00Z', paidAt: '2026-11-27T12:01:00Z', closedAt: null, ...over,
});

describe('console withdrawal history', () => {
  it('lists each withdrawal with its payout (returned with the reason), totals, filters and CSV', async () => {
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(FINANCE),
      'GET /wps/ops/payments/withdrawals': (c) => ok({
        list: c.query.get('username') === 'ana' ? [] : [row('W1'), row('W2', { status: 'returned', payoutStatus: 'bounced', detail: 'account_rejected_by_bank', method: 'ewallet' })],
        page: 1, pageSize: 20, total: 2,
        totals: { count: 2, amount: '400.00', paidOutAmount: '198.00', feeAmount: '2.00', returnedAmount: '200.00' },
      }),
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/finance' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Historial de retiros' }));
    const table = await screen.findByTestId('whist-table');
    const returned = within(table).getByText('W2').closest('tr')!;
    expect(returned.dataset.payout).toBe('bounced');
    expect(returned.textContent).toContain('Devuelto');
    expect(returned.textContent).toContain('Rebotado · Rechazada por el banco');
    expect(returned.textContent).toContain('Monedero electrónico');
    expect(within(table).getByText('W1').closest('tr')!.textContent).toContain('Demo Pay');
    expect(screen.getByTestId('whist-totals').textContent).toBe('Retiros: 2 · solicitado 400.00 · pagado 198.00 · comisiones 2.00 · devuelto 200.00');

    fireEvent.change(screen.getByTestId('whist-username'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByTestId('whist-status'), { target: { value: 'bounced' } });
    fireEvent.change(screen.getByTestId('whist-method'), { target: { value: 'bank' } });
    fireEvent.click(screen.getByTestId('whist-apply'));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/wps/ops/payments/withdrawals' && c.query.get('username') === 'ana'
      && c.query.get('status') === 'bounced' && c.query.get('method') === 'bank')).toBe(true));
    await screen.findByText('No hay nada aquí.');

    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByTestId('whist-csv'));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/wps/ops/payments/withdrawals.csv' && c.query.get('username') === 'ana' && c.headers[operator.SESSION_HEADER] === 'op-token')).toBe(true));
  });
});
