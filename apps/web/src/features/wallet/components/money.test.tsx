import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fail, fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
function status(modules: string[] = [MODULES.wallet, MODULES.deposit, MODULES.withdraw, MODULES.transfer, MODULES.transferUpline]) {
  const base = statusFixture();
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: modules.map(node) }] } };
}

const METHODS = {
  methods: [{
    code: 'SPEI', kind: 'bank', name: { ES: 'Transferencia SPEI', EN: 'SPEI bank transfer' },
    channels: [{ code: 'BBVA', name: 'BBVA', min: '100.00', max: '50000.00', fixedAmounts: [] }],
  }],
  bonuses: [],
  expiryMinutes: 30,
  currency: 'MXN',
  currencySymbol: '$',
};
const order = (over: Record<string, unknown> = {}) => ({
  orderNo: 'D0001', method: 'SPEI', channel: 'BBVA', amount: '150.00', bonusCode: null, bonusAmount: '0.00', status: 'pending',
  payee: { bank: 'BBVA México', clabe: '012180001234567891' }, remark: '',
  createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(), closedAt: null, ...over,
});
const emptyPage = { list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 };

function open(page: string, routes: Parameters<typeof fakeServer>[0], modules?: string[]) {
  const server = fakeServer({
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: false }),
    'GET /wps/deposit/orders': () => ok(emptyPage),
    'GET /wps/withdraw/records': () => ok(emptyPage),
    ...routes,
  });
  const utils = renderApp({ route: `/member?page=${page}`, token: 'tok', member: memberFixture(), status: status(modules) });
  return { ...server, ...utils };
}

afterEach(() => vi.useRealTimers());

describe('deposit: one order per intent (requestId)', () => {
  let bodies: Array<{ requestId: string; amount: string }>;
  beforeEach(() => {
    bodies = [];
  });

  it('a double click sends one requestId; a retry after a network error reuses it; a new deposit gets a new one', async () => {
    let attempt = 0;
    open('depositv2', {
      'GET /wps/deposit/methods': () => ok(METHODS),
      'POST /wps/deposit/orders': async (c) => {
        bodies.push(c.body as never);
        attempt++;
        if (attempt === 1) throw new TypeError('network down');
        return ok(order({ amount: (c.body as { amount: string }).amount }));
      },
    });
    const input = await screen.findByLabelText('Monto', { selector: 'input' });
    fireEvent.change(input, { target: { value: '150' } });
    const submit = screen.getByTestId('deposit-submit');
    // Double click: the second click happens while the first is in flight.
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByRole('alert');
    // Retry after the network error: same intent, same id.
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-order');
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    expect(new Set(bodies.map((b) => b.requestId)).size).toBe(1);
    // A new deposit after the answer: a new id.
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo depósito' }));
    fireEvent.change(await screen.findByLabelText('Monto', { selector: 'input' }), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-order');
    const ids = bodies.map((b) => b.requestId);
    expect(ids[ids.length - 1]).not.toBe(ids[0]);
  });

  it('checks the amount by hand before sending (min/max, decimals)', async () => {
    const server = open('depositv2', { 'GET /wps/deposit/methods': () => ok(METHODS) });
    const input = await screen.findByLabelText('Monto', { selector: 'input' });
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('El mínimo es $ 100.00.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '150.555' } });
    expect(screen.getByText('Use como máximo 2 decimales.')).toBeInTheDocument();
    expect(server.count('POST /wps/deposit/orders')).toBe(0);
  });

  it('shows the order with a live countdown and translates server errors', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('depositv2', {
      'GET /wps/deposit/methods': () => ok(METHODS),
      'POST /wps/deposit/orders': () => ok(order({ expiresAt: new Date(Date.now() + 65_000).toISOString() })),
    });
    fireEvent.change(await screen.findByLabelText('Monto', { selector: 'input' }), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const timer = await screen.findByTestId('countdown');
    expect(timer.textContent).toMatch(/01:0[45]/);
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(timer.textContent).toMatch(/00:5[45]/);
  });

  it('server refusals come out translated', async () => {
    open('depositv2', {
      'GET /wps/deposit/methods': () => ok(METHODS),
      'POST /wps/deposit/orders': () => fail(429, 'cashier.deposit.pending.limit'),
    });
    fireEvent.change(await screen.findByLabelText('Monto', { selector: 'input' }), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText(/Tiene demasiadas órdenes de depósito abiertas/)).toBeInTheDocument();
  });
});

const SETTINGS = {
  allowed: true, min: '100.00', max: '50000.00', feeBps: 100, feeFixed: '0.00', dailyCount: 5, remainingToday: 5,
  turnoverRequired: '0.00', balance: '1500.00', hasPaymentPassword: true, accounts: 1, currency: 'MXN', currencySymbol: '$',
};
const ACCOUNTS = {
  list: [{ id: '1', kind: 'bank', bankName: 'BBVA México', accountNo: '**************7891', payeeName: 'Juan Pérez', createdAt: '2025-01-01T00:00:00Z' }],
  payeeName: 'Juan Pérez', max: 5, kinds: ['bank', 'ewallet'],
};

describe('withdraw', () => {
  it('computes the fee and the amount received live', async () => {
    open('withdraw', {
      'GET /wps/withdraw/settings': () => ok(SETTINGS),
      'GET /wps/withdraw/accounts': () => ok(ACCOUNTS),
    });
    const input = await screen.findByLabelText('Monto', { selector: '#withdraw-amount' });
    fireEvent.change(input, { target: { value: '1000' } });
    expect(screen.getByTestId('fee').textContent).toBe('-$ 10.00');
    expect(screen.getByTestId('received').textContent).toBe('$ 990.00');
    fireEvent.change(input, { target: { value: '123.45' } });
    expect(screen.getByTestId('received').textContent).toBe('$ 122.22');
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.blur(input);
    expect(screen.getByText('El monto supera su saldo.')).toBeInTheDocument();
  });

  it('asks for a withdrawal password first when none is set', async () => {
    open('withdraw', {
      'GET /wps/withdraw/settings': () => ok({ ...SETTINGS, hasPaymentPassword: false }),
      'GET /wps/withdraw/accounts': () => ok({ ...ACCOUNTS, list: [], payeeName: null }),
    });
    expect(await screen.findByTestId('payment-password-form')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-form')).not.toBeInTheDocument();
  });
});

describe('member centre menu', () => {
  it('shows the cashier pages and hides transfer on single-wallet brands', async () => {
    open('securityCenter', {
      'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
      'GET /wps/member/password/payment': () => ok({ isSet: false, lockedUntil: null }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Menú del centro de miembros' });
    await waitFor(() => expect(within(nav).getByText('Depositar')).toBeInTheDocument());
    expect(within(nav).queryByText('Transferir')).not.toBeInTheDocument();
  });

  it('shows transfer on multi-wallet brands and hides switched-off modules', async () => {
    open('securityCenter', {
      'GET /wps/member/password/payment': () => ok({ isSet: true, lockedUntil: null }),
    }, [MODULES.wallet, MODULES.transfer]);
    const nav = await screen.findByRole('navigation', { name: 'Menú del centro de miembros' });
    await waitFor(() => expect(within(nav).getByText('Transferir')).toBeInTheDocument());
    expect(within(nav).queryByText('Depositar')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Retirar')).not.toBeInTheDocument();
  });

  it('falls back to the security centre for an unknown or hidden page', async () => {
    open('nonsense', { 'GET /wps/member/password/payment': () => ok({ isSet: true, lockedUntil: null }) });
    expect(await screen.findByTestId('page-securityCenter')).toBeInTheDocument();
  });
});
