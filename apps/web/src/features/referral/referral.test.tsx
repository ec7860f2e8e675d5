/** referral page: code, link with this origin and its QR, copy, invitations, income; agents see the note. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES, system } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
function status() {
  const base = statusFixture();
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [node(MODULES.referral)] }] } };
}

const RULE = { firstDepositBps: 1000, firstDepositMax: '100.00', thresholdAmount: '500.00', thresholdReward: '50.00' };

afterEach(() => vi.unstubAllGlobals());

function setup(over: { earns?: boolean; invitations?: unknown[]; income?: unknown[]; type?: number } = {}) {
  const invitations = over.invitations ?? [
    { username: 'fr***ds', registeredAt: '2026-01-02T10:00:00Z', firstDeposit: true, totalDeposits: '550.50' },
    { username: 'ne***ew', registeredAt: '2026-01-03T10:00:00Z', firstDeposit: false, totalDeposits: '0.00' },
  ];
  const income = over.income ?? [
    { id: '2', invitee: 'fr***ds', rule: 'threshold', basis: '550.50', amount: '50.00', createdAt: '2026-01-04T10:00:00Z' },
    { id: '1', invitee: 'fr***ds', rule: 'first_deposit', basis: '250.50', amount: '25.05', createdAt: '2026-01-03T10:00:00Z' },
  ];
  const server = fakeServer({
    'GET /wps/referral/info': () => ok({ referralCode: 'ABCD2345', invitePath: '/register?referralCode=ABCD2345', invitations: 2, depositedInvitations: 1, totalIncome: '75.05', earns: over.earns ?? true, rule: RULE }),
    'GET /wps/referral/invitations': (c) => ok({ list: invitations, page: Number(c.query.get('page') ?? 1), pageSize: 10, total: 12, totalPages: 2 }),
    'GET /wps/referral/income': () => ok({ list: income, page: 1, pageSize: 10, total: income.length, totalPages: 1, totalIncome: '75.05' }),
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
  });
  renderApp({ route: '/member?page=referral', token: 'tok', member: memberFixture({ type: over.type ?? 0 }), status: status() });
  return server;
}

describe('referral page', { timeout: 20_000 }, () => {
  it('shows the code, the invite link on this site with its QR code, the counts and the rule', async () => {
    setup();
    expect((await screen.findByTestId('referral-code', undefined, { timeout: 15_000 })).textContent).toBe('ABCD2345');
    const link = `${window.location.origin}/register?referralCode=ABCD2345`;
    expect((screen.getByTestId('referral-link') as HTMLInputElement).value).toBe(link);
    const qr = screen.getByRole('img', { name: 'Código QR del enlace de invitación' }) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(system.qrImageUrl(link));
    expect(screen.getByTestId('referral-count').textContent).toBe('2');
    expect(screen.getByTestId('referral-rules').textContent).toContain('10%');
    expect(screen.getByTestId('referral-rules').textContent).toContain('100.00');
    expect(screen.getByTestId('referral-rules').textContent).toContain('50.00');
  });

  it('copies the link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    await screen.findByTestId('referral-code');
    const buttons = screen.getAllByRole('button', { name: /Enlace de invitación/ });
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?referralCode=ABCD2345`));
  });

  it('lists invitations with deposits and pages; lists income with its rule', async () => {
    const server = setup();
    const rows = await screen.findAllByTestId('referral-invitation');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('fr***ds')).toBeTruthy();
    expect(within(rows[0]).getByText('Sí')).toBeTruthy();
    expect(within(rows[1]).getByText('No')).toBeTruthy();
    const inc = await screen.findAllByTestId('referral-income-row');
    expect(inc.map((r) => r.textContent)).toEqual([expect.stringContaining('Meta de depósitos'), expect.stringContaining('Primer depósito')]);
    fireEvent.click(within(screen.getByTestId('referral-invitations')).getByRole('button', { name: /Siguiente|Next|›/ }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/wps/referral/invitations' && c.query.get('page') === '2')).toBe(true));
  });

  it('empty lists say so; an agent sees why there is no income', async () => {
    setup({ earns: false, invitations: [], income: [] });
    await screen.findByText('Aún no tiene invitados.');
    expect(screen.getByText('Aún no hay ingresos.')).toBeTruthy();
    expect(screen.getByText(/Las cuentas de agente cobran por sus contratos/)).toBeTruthy();
    expect(screen.queryByTestId('referral-rules')).toBeNull();
  });
});
