import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fail, fakeServer, ok, type FakeCall, type Handler } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
configure({ asyncUtilTimeout: 4000 });

const LIST = 'GET /wps/relay/MCSFE_contracts';
const RECORDS = 'GET /wps/relay/ODSFE2_contractRecords';
const ACCEPT = 'POST /wps/relay/MCSFE_contractAccept';

function status(mods: string[] = [MODULES.agent, MODULES.dailySalary, MODULES.realtimeSalary]) {
  const base = statusFixture();
  const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: mods.map(node) }] } };
}
const member = () => memberFixture({ id: '12', account: 'subagent01', userName: 'subagent01', nickname: '', type: 2, isAgent: true });

const contract = (over: Record<string, unknown> = {}) => ({
  contractId: '7', kind: 'daily', status: 'new', endReason: null, period: null, uplineId: '11', uplineAccount: 'agent01', downlineId: '12',
  downlineAccount: 'subagent01', createdAt: '2026-11-20T15:00:00.000Z', acceptedAt: null, endedAt: null,
  tiers: [
    { minimumBet: '1000.00', netLoss: '0.00', activeMember: 1, rateType: 'P', rate: '1.00' },
    { minimumBet: '5000.00', netLoss: '0.00', activeMember: 3, rateType: 'F', rate: '80.00' },
  ],
  canAccept: true, canReject: true, canTerminate: false, ...over,
});
const record = (i: number, over: Record<string, unknown> = {}) => ({
  recordId: String(i), contractId: '7', kind: 'daily', account: 'agent01', periodStart: '2026-11-19T05:00:00.000Z', periodEnd: '2026-11-20T05:00:00.000Z',
  day: '2026-11-19', validBet: '1500.00', netLoss: '0.00', activeMembers: 2, rateType: 'P', rate: '1.00', amount: '15.00', status: 'disbursed',
  calculatedAt: '2026-11-20T05:01:00.000Z', settledAt: '2026-11-20T05:01:00.000Z', ...over,
});

function server(extra: Record<string, Handler> = {}) {
  let current = contract();
  return fakeServer({
    [LIST]: (c: FakeCall) => ok({ list: c.query.get('kind') === 'daily' && c.query.get('role') === 'downline' ? [current] : [], pageNo: 1, totalPages: 1, total: 1 }),
    [ACCEPT]: () => { current = contract({ status: 'success', acceptedAt: '2026-11-21T15:00:00.000Z', canAccept: false, canReject: false, canTerminate: true }); return ok(current); },
    [RECORDS]: (c: FakeCall) => ok({
      list: c.query.get('role') === 'downline' ? [] : [record(1), record(2, { status: 'pending', settledAt: null, amount: '20.00' })],
      pageNo: 1, totalPages: 1, total: 2, totals: { validBet: '3000.00', amount: '35.00', disbursed: '15.00', pending: '20.00' },
    }),
    'GET /wps/member/info': () => ok(member()),
    ...extra,
  });
}
const last = (s: ReturnType<typeof server>, key: string) => s.calls.filter((c) => `${c.method} ${c.path}` === key).at(-1)!;

describe('contract pages', { timeout: 20_000 }, () => {
  it('list the pages of the kinds switched on', async () => {
    server();
    renderApp({ route: '/agentHome', token: 'tok', member: member(), status: status() });
    const nav = await screen.findByRole('navigation', { name: 'Menú del centro de agentes' });
    expect(within(nav).getByRole('link', { name: 'Salario diario' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Salario en tiempo real' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Bonificación' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Salario por hora' })).toBeNull();
  });

  it('daily wages: the offer waiting with its tiers; accepting is confirmed and it comes into force', async () => {
    const s = server();
    renderApp({ route: '/agentHome?page=agentDailyWages2', token: 'tok', member: member(), status: status() });
    const card = await screen.findByTestId('my-contract');
    expect(card).toHaveAttribute('data-status', 'new');
    expect(card).toHaveTextContent('Oferta pendiente');
    expect(card).toHaveTextContent('Superior: agent01');
    const tiers = within(card).getByTestId('contract-tiers');
    expect(within(tiers).getByRole('columnheader', { name: 'Volumen diario' })).toBeInTheDocument();
    expect(within(tiers).queryByRole('columnheader', { name: 'Pérdida neta' })).toBeNull();
    expect(tiers).toHaveTextContent('1.00 %');
    expect(tiers).toHaveTextContent('$ 80.00 fijo');
    const asked = s.calls.filter((c) => `${c.method} ${c.path}` === LIST).map((c) => `${c.query.get('role')}:${c.query.get('kind')}`);
    expect(asked).toEqual(expect.arrayContaining(['downline:daily', 'upline:daily']));
    expect(screen.getByText('No ha ofrecido contratos de este tipo.')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Aceptar' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(s.count(ACCEPT)).toBe(0);
    fireEvent.click(within(dlg).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(s.count(ACCEPT)).toBe(1));
    expect(last(s, ACCEPT).body).toEqual({ contractId: '7' });
    await waitFor(() => expect(screen.getByTestId('my-contract')).toHaveAttribute('data-status', 'success'));
    expect(within(screen.getByTestId('my-contract')).getByRole('button', { name: 'Terminar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('a refused action shows its message', async () => {
    server({ [ACCEPT]: () => fail(409, 'contract.state.invalid') });
    renderApp({ route: '/agentHome?page=agentDailyWages2', token: 'tok', member: member(), status: status() });
    fireEvent.click(within(await screen.findByTestId('my-contract')).getByRole('button', { name: 'Aceptar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByRole('alertdialog')).not.toHaveTextContent('¿Aceptar'));
    expect(screen.getByRole('alertdialog').textContent).toMatch(/\S{6,}/);
  });

  it('records: rows with amount, status and settled time, totals split paid / pending; the role switch asks again', async () => {
    const s = server();
    renderApp({ route: '/agentHome?page=agentDailyWages2', token: 'tok', member: member(), status: status() });
    const table = await screen.findByTestId('contract-records');
    const rows = within(table).getAllByRole('row').filter((r) => r.closest('tbody'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026-11-19');
    expect(rows[0]).toHaveTextContent('Pagado');
    expect(rows[1]).toHaveTextContent('Pendiente');
    expect(rows[1]).toHaveTextContent('$ 20.00');
    const totals = screen.getByTestId('contract-totals');
    expect(totals).toHaveTextContent('$ 35.00');
    expect(totals).toHaveTextContent('Pagado $ 15.00');
    expect(totals).toHaveTextContent('Pendiente $ 20.00');
    expect(last(s, RECORDS).query.get('role')).toBe('mine');
    expect(last(s, RECORDS).query.get('kind')).toBe('daily');
    fireEvent.click(screen.getByRole('button', { name: 'Pagados a subordinados' }));
    await waitFor(() => expect(last(s, RECORDS).query.get('role')).toBe('downline'));
    expect(await screen.findByText('No hay liquidaciones en este periodo.')).toBeInTheDocument();
  });
});

describe('offering a contract to a direct downline agent', { timeout: 20_000 }, () => {
  const OFFER = 'POST /wps/relay/MCSFE_contractOffer';
  const agentRow = { memberId: '12', account: 'subagent01', nickname: '', type: 2, isAgent: true, level: 1, parentAccount: 'agent01', balance: '0.00', teamSize: 0, online: false, registeredAt: '2026-11-01T15:00:00.000Z', lastLoginAt: null };
  const open = (extra: Record<string, Handler> = {}) => {
    const s = server({
      'GET /wps/relay/MCSFE_agentDownlines': () => ok({ list: [agentRow, { ...agentRow, memberId: '13', account: 'player01', isAgent: false, type: 0 }], pageNo: 1, totalPages: 1, total: 2 }),
      ...extra,
    });
    renderApp({ route: '/agentHome?page=downlineManagmentView', token: 'tok', member: memberFixture({ type: 1, isAgent: true }), status: status() });
    return s;
  };

  it('checks the tiers first, then sends kind and tiers; only agents get the action', async () => {
    const s = open({ [OFFER]: (c) => ok(contract({ downlineId: '12', tiers: (c.body as { tiers: unknown[] }).tiers })) });
    const rows = await screen.findAllByTestId('downline-row');
    expect(within(rows[1]).queryByRole('button', { name: 'Contrato' })).toBeNull();
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Contrato' }));
    const form = await screen.findByTestId('offer-form');
    // kinds switched on only: daily and real-time
    expect(within(form).getByRole('button', { name: 'Salario diario' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).queryByRole('button', { name: 'Dividendo' })).toBeNull();
    const input = (name: string) => form.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    fireEvent.change(input('tiers.0.minimumBet'), { target: { value: '1000' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Nivel 1: la tasa debe ser mayor que cero.')).toBeInTheDocument();
    fireEvent.change(input('tiers.0.rate'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: /Añadir nivel/ }));
    fireEvent.change(input('tiers.1.minimumBet'), { target: { value: '500' } });
    fireEvent.change(input('tiers.1.rate'), { target: { value: '2' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Nivel 2: cada nivel debe superar al anterior en sus requisitos.')).toBeInTheDocument();
    expect(s.count(OFFER)).toBe(0);
    fireEvent.change(input('tiers.1.minimumBet'), { target: { value: '5000' } });
    fireEvent.change(form.querySelector('select[name="tiers.1.rateType"]')!, { target: { value: 'F' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(OFFER)).toBe(1));
    expect(last(s, OFFER).body).toEqual({
      downlineId: '12', kind: 'daily',
      tiers: [{ minimumBet: '1000', activeMember: 0, rateType: 'P', rate: '1.5' }, { minimumBet: '5000', activeMember: 0, rateType: 'F', rate: '2' }],
    });
    await waitFor(() => expect(screen.queryByTestId('offer-form')).toBeNull());
  });

  it('a refusal (above my own rate) stays in the form', async () => {
    const s = open({ [OFFER]: () => fail(400, 'contract.rate.exceeds', { max: '1.00' }) });
    fireEvent.click(within((await screen.findAllByTestId('downline-row'))[0]).getByRole('button', { name: 'Contrato' }));
    const form = await screen.findByTestId('offer-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Salario en tiempo real' }));
    expect(form.querySelector('select[name="tiers.0.rateType"]')).toBeNull(); // percent only
    fireEvent.change(form.querySelector('input[name="tiers.0.minimumBet"]')!, { target: { value: '0' } });
    fireEvent.change(form.querySelector('input[name="tiers.0.rate"]')!, { target: { value: '3' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(OFFER)).toBe(1));
    expect(last(s, OFFER).body).toMatchObject({ kind: 'realtime' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(/\S/);
    expect(screen.getByTestId('offer-form')).toBeInTheDocument();
  });
});

describe('my income', { timeout: 20_000 }, () => {
  it('shows the net, received and paid per kind, pending and the team figures for the period', async () => {
    const kinds = (d: string, h: string) => ({ dividend: d, daily: h, hourly: '0.00', realtime: '0.00', total: (Number(d) + Number(h)).toFixed(2) });
    const s = server({
      'GET /wps/relay/ODSFE2_agentIncome': (c) => ok({
        startDate: c.query.get('startDate'), endDate: c.query.get('endDate'), received: kinds('100.00', '20.00'), paid: kinds('30.00', '5.00'),
        net: '85.00', pending: '12.50', team: { validBet: '9000.00', profit: '-400.00' },
      }),
    });
    renderApp({ route: '/agentHome?page=agentRevenueReport', token: 'tok', member: member(), status: status() });
    expect(await screen.findByTestId('income-net')).toHaveTextContent('+$ 85.00');
    expect(screen.getByTestId('income-kpis')).toHaveTextContent('$ 12.50');
    const table = screen.getByTestId('income-table');
    expect(within(table).getByText('Dividendo').closest('tr')).toHaveTextContent('$ 100.00');
    expect(within(table).getByText('Dividendo').closest('tr')).toHaveTextContent('$ 30.00');
    expect(table.querySelector('tfoot')).toHaveTextContent('$ 120.00');
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(last(s, 'GET /wps/relay/ODSFE2_agentIncome').query.get('startDate')).toBe(last(s, 'GET /wps/relay/ODSFE2_agentIncome').query.get('endDate')));
  });
});

describe('offering a CPA plan (issue 25)', { timeout: 20_000 }, () => {
  it('a CPA plan has no tiers: the CPA terms are checked, then sent with the plan and the carry-over', async () => {
    const OFFER = 'POST /wps/relay/MCSFE_contractOffer';
    const row = { memberId: '12', account: 'subagent01', nickname: '', type: 2, isAgent: true, level: 1, parentAccount: 'agent01', balance: '0.00', teamSize: 0, online: false, registeredAt: '2026-11-01T15:00:00.000Z', lastLoginAt: null };
    const s = server({
      'GET /wps/relay/MCSFE_agentDownlines': () => ok({ list: [row], pageNo: 1, totalPages: 1, total: 1 }),
      [OFFER]: () => ok(contract({ kind: 'dividend', period: 'weekly', tiers: [], plan: 'cpa', negativeCarry: 'on', cpa: { amount: '25.00', minDeposit: '50.00', minValidBet: '0.00', days: 30 } })),
    });
    renderApp({ route: '/agentHome?page=downlineManagmentView', token: 'tok', member: memberFixture({ type: 1, isAgent: true }), status: status([MODULES.agent, MODULES.dividend]) });
    fireEvent.click(within((await screen.findAllByTestId('downline-row'))[0]).getByRole('button', { name: 'Contrato' }));
    const form = await screen.findByTestId('offer-form');
    fireEvent.change(form.querySelector('select[name="plan"]')!, { target: { value: 'cpa' } });
    expect(form.querySelector('input[name="tiers.0.rate"]')).toBeNull();
    fireEvent.change(form.querySelector('select[name="negativeCarry"]')!, { target: { value: 'on' } });
    fireEvent.change(form.querySelector('input[name="cpa.amount"]')!, { target: { value: '0' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(/Introduzca un CPA mayor que 0/)).toBeInTheDocument();
    fireEvent.change(form.querySelector('input[name="cpa.amount"]')!, { target: { value: '25' } });
    fireEvent.change(form.querySelector('input[name="cpa.minDeposit"]')!, { target: { value: '50' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(OFFER)).toBe(1));
    expect(last(s, OFFER).body).toEqual({ downlineId: '12', kind: 'dividend', period: 'weekly', plan: 'cpa', negativeCarry: 'on', cpa: { amount: '25', minDeposit: '50' }, tiers: [] });
  });
});
