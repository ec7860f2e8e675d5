/** Finance › Withdrawals with risk (issue 26): a pending withdrawal held for the risk review shows its score and signals, Pay waits until it is cleared in its row. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { risk } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { fakeServer, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const FINANCE = { id: '1', username: 'fina', role: 'finance', brands: null, status: 'active', enrolled: true, lastLoginAt: null, idleMinutes: 15,
  permissions: ['dashboard.view', 'finance.view', 'finance.withdraw', 'people.view', 'audit.view'] };
const withdrawal = {
  withdrawNo: 'W1', amount: '200.00', fee: '2.00', netAmount: '198.00', status: 'pending', account: { id: '9', kind: 'bank', bankName: 'BBVA', accountNo: '****5678', payeeName: 'Ana' },
  receipt: null, receivedAmount: null, remark: '', createdAt: '2026-11-27T12:00:00Z', paidAt: null, closedAt: null, autoReceiptAt: null, payout: null,
  memberId: '42', username: 'dup01', accountNoFull: '012180005678',
};
const item = (review: risk.ReviewItem['review']): risk.ReviewItem => ({
  withdrawNo: 'W1', memberId: '42', username: 'dup01', amount: '200.00', createdAt: '2026-11-27T12:00:00Z', withdrawalStatus: 'pending', review,
  kyc: { identity: 'none', address: 'none' },
  risk: { memberId: '42', username: 'dup01', score: 40, reviewScore: 40, signals: [{ signal: 'device', weight: 40, evidence: { accounts: ['ana01'], refs: [], detail: 'same device fingerprint' } }] },
});

describe('console finance: risk on pending withdrawals', () => {
  it('a held withdrawal shows score and signals, links the member, and can be paid only after it is cleared with a note', async () => {
    let review: risk.ReviewItem['review'] = 'pending';
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(FINANCE),
      'GET /wps/operator/withdraw/list': () => ok({ list: [withdrawal], page: 1, pageSize: 10, total: 1, totalPages: 1 }),
      'GET /wps/ops/finance/rules': () => ok({ dualApprovalAbove: '1000.00' }),
      'GET /wps/ops/finance/withdraw/approvals': () => ok([]),
      'GET /wps/ops/risk/withdrawals': () => ok({ list: [item(review)] }),
      'POST /wps/ops/risk/review': () => {
        review = 'cleared';
        return ok(item(review));
      },
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/finance' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Retiros' }));
    const cell = await screen.findByTestId('withdrawal-risk');
    const tr = cell.closest('tr')!;
    await waitFor(() => expect(cell.getAttribute('data-review')).toBe('pending'));
    expect(cell.textContent).toContain('Riesgo 40');
    expect(cell.textContent).toContain('Dispositivo compartido');
    expect(within(cell).getByRole('link', { name: /Miembro/ }).getAttribute('href')).toBe('/console/people?member=42');
    const pay = within(tr).getByRole('button', { name: 'Aprobar y pagar' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);

    fireEvent.click(within(cell).getByText('Retenido para revisión de riesgo: apruébelo antes de pagar'));
    expect(within(cell).getByText(/Cuentas: ana01/)).toBeTruthy();
    const clear = within(cell).getByTestId('risk-clear') as HTMLButtonElement;
    expect(clear.disabled).toBe(true); // a note first
    fireEvent.change(within(cell).getByLabelText('Nota'), { target: { value: ' same household ' } });
    fireEvent.click(clear);
    await waitFor(() => expect(screen.getByTestId('withdrawal-risk').getAttribute('data-review')).toBe('cleared'));
    expect(server.calls.filter((c) => c.path === '/wps/ops/risk/review').map((c) => c.body)).toEqual([{ withdrawNo: 'W1', decision: 'clear', note: 'same household' }]);
    await waitFor(() => expect((within(screen.getByTestId('withdrawal-risk').closest('tr')!).getByRole('button', { name: 'Aprobar y pagar' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
