import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fail, fakeServer, ok, type FakeCall, type Handler } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
configure({ asyncUtilTimeout: 4000 });
afterEach(() => vi.useRealTimers());

const OVERVIEW = 'GET /wps/relay/ODSFE2_agentTeamOverview';
const DOWNLINES = 'GET /wps/relay/MCSFE_agentDownlines';
const BETTING = 'GET /wps/relay/ODSFE2_agentTeamBetting';
const TRANSFER = 'POST /wps/agent/transfer';
const NICKNAME = 'POST /wps/relay/MCSFE_agentEditNickname';
const PL = 'GET /wps/relay/ODSFE2_agentProfitLoss';
const DTX = 'GET /wps/relay/ODSFE2_agentDownlineTransDet';

function status() {
  const base = statusFixture();
  const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
  const mods = [MODULES.agent, MODULES.games, MODULES.wallet, MODULES.deposit, MODULES.withdraw];
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: mods.map(node) }] } };
}
const agentMember = () => memberFixture({ id: '11', account: 'agent01', userName: 'agent01', nickname: 'Boss', type: 1, isAgent: true, balance: '500.00' });

const day = (d: string, over: Record<string, unknown> = {}) => ({
  day: d, registrations: 0, firstDeposits: 0, firstBets: 0, activeMembers: 0, bettors: 0,
  betAmount: '0.00', validBet: '0.00', win: '0.00', profit: '0.00', deposits: '0.00', withdrawals: '0.00', ...over,
});
function overview(c: FakeCall) {
  const start = c.query.get('startDate')!;
  const end = c.query.get('endDate')!;
  const days = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    days.push(day(d, d === end ? { registrations: 2, activeMembers: 1, betAmount: '120.00', deposits: '300.00' } : {}));
  }
  return ok({
    startDate: start, endDate: end, gmtOffsetMinutes: -300, teamMembers: 42, directMembers: 5, teamBalance: '9876.50', asOf: '2026-11-20T18:00:00.000Z',
    onlineUsers: 3, registrations: 2, firstDeposits: 1, firstBets: 1, activeMembers: 1, betAmount: '120.00', validBet: '110.00', win: '60.00',
    profit: '-60.00', deposits: '300.00', withdrawals: '0.00', days,
  });
}
const downline = (i: number, over: Record<string, unknown> = {}) => ({
  memberId: String(100 + i), account: `player${i}`, nickname: `Nick ${i}`, type: 0, isAgent: false, level: 1, parentAccount: 'agent01',
  balance: '10.00', teamSize: 0, online: i === 1, registeredAt: '2026-11-01T15:00:00.000Z', lastLoginAt: i === 2 ? null : '2026-11-20T15:00:00.000Z', ...over,
});

function server(extra: Record<string, Handler> = {}) {
  return fakeServer({
    [OVERVIEW]: overview,
    [DOWNLINES]: () => ok({ list: [downline(1), downline(2), downline(3, { level: 2, parentAccount: 'subagent01', isAgent: true, type: 2, teamSize: 4 })], pageNo: 1, totalPages: 1, total: 3 }),
    'GET /wps/v2/wallets/balance': () => ok({ sumBalance: '500.00', currency: 'USD', currencySymbol: '$', balance: [{ accountTypeId: 2, availBalance: '500.00', wallet: 'main', name: 'main' }] }),
    'GET /wps/member/info': () => ok(agentMember()),
    ...extra,
  });
}
const open = (route = '/agentHome') => renderApp({ route, token: 'tok', member: agentMember(), status: status() });
const last = (s: ReturnType<typeof server>, key: string) => s.calls.filter((c) => `${c.method} ${c.path}` === key).at(-1)!;

describe('agent centre shell', { timeout: 20_000 }, () => {
  it('shows the menu of §2 (with the links page of issue 25), GMT offset, a clock that ticks, nickname, support hours; overview by default', async () => {
    server();
    open();
    const nav = await screen.findByRole('navigation', { name: 'Menú del centro de agentes' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(labels).toEqual(['Depósito', 'Retiro', 'Resumen del equipo', 'Registrar cuenta', 'Enlaces y campañas', 'Gestión del equipo', 'Apuestas del equipo', 'Historial personal', 'Pérdidas de usuarios', 'Mis ingresos', 'Detalles de cuenta', 'Atención al cliente']);
    expect(within(nav).getByRole('link', { name: /Depósito/ })).toHaveAttribute('href', '/member?page=depositv2');
    expect(within(nav).getByRole('button', { name: 'Anuncios' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Mensajes de la plataforma/ })).toBeNull(); // inbox module off
    expect(within(nav).getByRole('link', { name: /Atención al cliente/ })).toHaveAttribute('href', 'https://t.me/demo');
    expect(within(nav).getByRole('link', { name: 'Resumen del equipo' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('agent-clock')).toHaveTextContent(/GMT-05:00 \d\d:\d\d:\d\d/);
    expect(screen.getByTestId('agent-nickname')).toHaveTextContent('Boss');
    expect(screen.getByTestId('agent-support-hours')).toHaveTextContent('lun-vie 12:00-21:00');
    await screen.findByTestId('page-agentTeamOverview');
    const before = screen.getByTestId('agent-clock').textContent;
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(screen.getByTestId('agent-clock').textContent).not.toBe(before);
  });

  it('logout asks first; confirming logs out and leaves the centre', async () => {
    const s = server({ 'DELETE /wps/session/logout': () => ok(null) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Cerrar sesión/ }));
    const dlg = await screen.findByRole('alertdialog');
    fireEvent.click(within(dlg).getByRole('button', { name: 'Cancelar' }));
    expect(s.count('DELETE /wps/session/logout')).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /Cerrar sesión/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(s.count('DELETE /wps/session/logout')).toBe(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('team overview', { timeout: 20_000 }, () => {
  it('shows the KPIs, the chart and the daily list; the period picker asks again', async () => {
    const s = server();
    open();
    expect(await screen.findByTestId('kpi-teamMembers')).toHaveTextContent('42');
    expect(screen.getByTestId('kpi-teamMembers')).toHaveTextContent('5 directos');
    expect(screen.getByTestId('kpi-teamBalance')).toHaveTextContent('$ 9,876.50');
    expect(screen.getByTestId('kpi-onlineUsers')).toHaveTextContent('3');
    expect(screen.getByTestId('kpi-teamBetting')).toHaveTextContent('Válidas: $ 110.00');
    const first = last(s, OVERVIEW).query;
    const days = within(screen.getByTestId('overview-days')).getAllByRole('row').filter((r) => r.closest('tbody'));
    expect(days).toHaveLength(8); // previous 7 days and today
    expect(days[0]).toHaveTextContent(first.get('endDate')!); // newest first
    expect(screen.getByTestId('overview-chart').querySelectorAll('rect')).toHaveLength(16); // 8 days × 2 series
    fireEvent.click(screen.getByRole('button', { name: 'Depósitos y retiros' }));
    expect(screen.getByTestId('overview-chart')).toHaveTextContent('Depósitos');
    expect(screen.getByTestId('overview-chart').querySelector('title')?.textContent).toMatch(/Depósitos: \$ 0\.00/);

    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(last(s, OVERVIEW).query.get('startDate')).toBe(first.get('endDate')));
    expect(last(s, OVERVIEW).query.get('endDate')).toBe(first.get('endDate'));
    await waitFor(() => expect(within(screen.getByTestId('overview-days')).getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(1));
  });

  it('a failed load offers retry', async () => {
    let n = 0;
    server({ [OVERVIEW]: (c) => (++n === 1 ? fail(500, 'unknown.error') : overview(c)) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('kpi-teamMembers')).toHaveTextContent('42');
  });
});

describe('downline management', { timeout: 20_000 }, () => {
  it('lists downlines with every column and filters by scope, account, type and dates', async () => {
    const s = server();
    open('/agentHome?page=downlineManagmentView');
    const table = await screen.findByTestId('downline-table');
    const rows = within(table).getAllByTestId('downline-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('player1');
    expect(rows[0]).toHaveTextContent('Nick 1');
    expect(rows[0]).toHaveTextContent('En línea');
    expect(rows[1]).toHaveTextContent('Nunca');
    expect(rows[2]).toHaveTextContent('Nivel 2 · bajo subagent01');
    expect(rows[2]).toHaveTextContent('Agente');
    // set as agent only for direct non-agents
    expect(within(rows[0]).getByRole('button', { name: 'Nombrar agente' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: 'Nombrar agente' })).toBeNull();
    expect(last(s, DOWNLINES).query.get('scope')).toBe('direct');

    fireEvent.click(screen.getByRole('button', { name: 'Todo el equipo' }));
    await waitFor(() => expect(last(s, DOWNLINES).query.get('scope')).toBe('all'));
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: '  play ' } });
    expect(last(s, DOWNLINES).query.get('account')).toBeNull(); // applies on submit
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(last(s, DOWNLINES).query.get('account')).toBe('play'));
    fireEvent.click(screen.getByRole('button', { name: 'Agentes' }));
    await waitFor(() => expect(last(s, DOWNLINES).query.get('type')).toBe('agent'));
    expect(last(s, DOWNLINES).query.get('account')).toBe('play');

    const [from, to] = screen.getByTestId('downline-filters').querySelectorAll('input[type=date]');
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(last(s, DOWNLINES).query.get('registeredTo')).toBe('2026-11-01'));
    const calls = s.count(DOWNLINES);
    fireEvent.change(from, { target: { value: '2026-11-05' } });
    expect(await screen.findByText('La fecha inicial no puede ser posterior a la final.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(s.count(DOWNLINES)).toBe(calls); // no call with start after end

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    // back to the unfiltered whole team (its answer is still cached, so it may not be asked again)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull());
    expect(search).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Todo el equipo' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('downline-table')).getAllByTestId('downline-row')).toHaveLength(3);
  });

  it('edits a nickname: the rule first, then the call; the list reloads', async () => {
    const s = server({ [NICKNAME]: (c) => ok(downline(1, { nickname: (c.body as { nickname: string }).nickname })) });
    open('/agentHome?page=downlineManagmentView');
    const row = (await screen.findAllByTestId('downline-row'))[0];
    fireEvent.click(within(row).getByRole('button', { name: 'Apodo' }));
    const form = await screen.findByTestId('nickname-form');
    const input = within(form).getByLabelText('Apodo');
    expect(input).toHaveValue('Nick 1');
    fireEvent.change(input, { target: { value: 'x'.repeat(33) } });
    fireEvent.submit(form);
    expect(await within(form).findByText('El apodo admite como máximo 32 caracteres.')).toBeInTheDocument();
    expect(s.count(NICKNAME)).toBe(0);
    const before = s.count(DOWNLINES);
    fireEvent.change(input, { target: { value: '  Lucky  ' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(NICKNAME)).toBe(1));
    expect(last(s, NICKNAME).body).toEqual({ memberId: '101', nickname: 'Lucky' });
    await waitFor(() => expect(screen.queryByTestId('nickname-form')).toBeNull());
    await waitFor(() => expect(s.count(DOWNLINES)).toBeGreaterThan(before));
  });

  it('reset password is confirmed first; a refusal shows its message', async () => {
    const s = server({ 'POST /wps/relay/MCSFE_agentResetPassword': () => fail(403, 'wallet.downline.invalid') });
    open('/agentHome?page=downlineManagmentView');
    const row = (await screen.findAllByTestId('downline-row'))[1];
    fireEvent.click(within(row).getByRole('button', { name: 'Restablecer contraseña' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('player2 recibe en su propio móvil o correo un enlace y un código de un solo uso');
    expect(s.count('POST /wps/relay/MCSFE_agentResetPassword')).toBe(0);
    fireEvent.click(within(dlg).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(s.count('POST /wps/relay/MCSFE_agentResetPassword')).toBe(1));
    expect(last(s, 'POST /wps/relay/MCSFE_agentResetPassword').body).toEqual({ memberId: '102' });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(/equipo|team/i);
  });
});

describe('transfer to a downline', { timeout: 20_000 }, () => {
  async function openTransfer(s: ReturnType<typeof server>) {
    open('/agentHome?page=downlineManagmentView');
    const row = (await screen.findAllByTestId('downline-row'))[0];
    fireEvent.click(within(row).getByRole('button', { name: 'Transferir' }));
    const form = await screen.findByTestId('transfer-form');
    await waitFor(() => expect(within(form).getByTestId('transfer-available')).toHaveTextContent('$ 500.00'));
    return { form, input: within(form).getByLabelText('Importe'), s };
  }

  it('checks the amount (format, decimals, balance) before calling', async () => {
    const { form, input, s } = await openTransfer(server());
    fireEvent.submit(form);
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    for (const [v, re] of [['abc', /./], ['1.234', /decimal/i], ['500.01', /saldo|balance/i]] as const) {
      fireEvent.change(input, { target: { value: v } });
      fireEvent.submit(form);
      await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(re));
    }
    expect(s.count(TRANSFER)).toBe(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Todo' }));
    expect(input).toHaveValue('500.00');
  });

  it('sends downlineId, amount and a requestId; a network failure retried keeps the same requestId; success closes with a note', async () => {
    let n = 0;
    const s = server({
      [TRANSFER]: (c) => {
        if (++n === 1) throw new TypeError('network down');
        const b = c.body as { amount: string; requestId: string };
        return ok({ txId: '9', requestId: b.requestId, from: 'agent01', to: 'player1', amount: '125.50', fromBalance: '374.50', toBalance: '135.50' });
      },
    });
    const { form, input } = await openTransfer(s);
    fireEvent.change(input, { target: { value: '125.5' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(TRANSFER)).toBe(1));
    await within(form).findByRole('alert');
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(TRANSFER)).toBe(2));
    const [a, b] = s.calls.filter((c) => `${c.method} ${c.path}` === TRANSFER).map((c) => c.body as Record<string, string>);
    expect(a).toMatchObject({ downlineId: '101', amount: '125.5' });
    expect(a.requestId).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(b.requestId).toBe(a.requestId);
    await waitFor(() => expect(screen.queryByTestId('transfer-form')).toBeNull());
    expect(await screen.findByText('Transferidos $ 125.50 a player1.')).toBeInTheDocument();
  });

  it('a refusal from the server stays in the form', async () => {
    const s = server({ [TRANSFER]: () => fail(400, 'wallet.insufficient.funds') });
    const { form, input } = await openTransfer(s);
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.submit(form);
    await waitFor(() => expect(s.count(TRANSFER)).toBe(1));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/\S/);
    expect(screen.getByTestId('transfer-form')).toBeInTheDocument();
  });
});

describe('team betting', { timeout: 20_000 }, () => {
  it('shows the rows and the footer totals; searches by account', async () => {
    const row = (i: number) => ({ memberId: String(i), account: `player${i}`, directAgent: 'agent01', bets: 3, betAmount: '30.00', validBet: '30.00', win: '10.00', profit: '-20.00' });
    const s = server({
      [BETTING]: () => ok({ list: [row(1), row(2)], pageNo: 1, totalPages: 1, total: 2, footer: { bets: 6, betAmount: '60.00', validBet: '60.00', win: '20.00', profit: '-40.00' } }),
    });
    open('/agentHome?page=teamBetting');
    const table = await screen.findByTestId('betting-table');
    expect(within(table).getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(2);
    for (const h of ['Cliente', 'Agente directo', 'Apuestas', 'Apostado', 'Apuesta válida', 'Premio', 'G/P']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    const foot = screen.getByTestId('betting-footer');
    expect(foot).toHaveTextContent('Totales');
    expect(foot).toHaveTextContent('$ 60.00');
    expect(foot).toHaveTextContent('-$ 40.00');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'player2' } });
    fireEvent.submit(screen.getByRole('searchbox').closest('form')!);
    await waitFor(() => expect(last(s, BETTING).query.get('account')).toBe('player2'));
  });
});

describe('P&L statement (user loss) and account details', { timeout: 20_000 }, () => {
  const amounts = (net: string) => ({ deposits: '100.00', withdrawals: '0.00', betAmount: '80.00', validBet: '80.00', profit: '-30.00', bonus: '2.00', salary: '5.00', dividend: '0.00', net });
  it('direct rows with members, footer totals; the scope switch asks again; an account opens its details', async () => {
    const s = server({
      [PL]: (c) => ok({
        list: [{ memberId: '7', account: 'subagent01', isAgent: true, level: 1, members: c.query.get('scope') === 'all' ? 1 : 4, ...amounts('-23.00') }],
        pageNo: 1, totalPages: 1, total: 1, footer: amounts('-23.00'),
      }),
      [DTX]: (c) => ok({
        list: [{ txId: '9', account: c.query.get('account'), txTypeName: 'daily_wage', orderNo: 'W1', remark: 'salario', txTime: '2026-11-20T15:00:00.000Z', amount: '5.00', balance: '15.00' }],
        page: 1, total: 1, totalPages: 1, member: downline(7, { account: c.query.get('account') }),
      }),
    });
    open('/agentHome?page=palStatementsAgentCopy');
    const table = await screen.findByTestId('pl-table');
    for (const h of ['Cuenta', 'Miembros', 'Depósitos', 'Retiros', 'Apuesta válida', 'Ganancia/pérdida', 'Bonos y reembolsos', 'Salarios', 'Dividendos', 'Neto']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(within(table).getByText('Agente')).toBeInTheDocument();
    const foot = screen.getByTestId('pl-footer');
    expect(foot).toHaveTextContent('Totales del equipo');
    expect(foot).toHaveTextContent('-$ 23.00');
    expect(last(s, PL).query.get('scope')).toBe('direct');
    fireEvent.click(screen.getByRole('button', { name: 'Todos los miembros' }));
    await waitFor(() => expect(last(s, PL).query.get('scope')).toBe('all'));
    expect(await within(await screen.findByTestId('pl-table')).findByRole('columnheader', { name: 'Nivel' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'subagent01' }));
    const tx = await screen.findByTestId('dtx-table');
    expect(tx).toHaveTextContent('subagent01');
    expect(tx).toHaveTextContent('salario');
    expect(last(s, DTX).query.get('account')).toBe('subagent01');
  });

  it('account details asks nothing before an account is typed; an account outside the team shows the refusal', async () => {
    const s = server({
      [DTX]: () => fail(403, 'wallet.downline.invalid'),
    });
    open('/agentHome?page=agentDownlineTransactionDetailsCopy');
    expect(await screen.findByText('Elija un miembro del equipo')).toBeInTheDocument();
    expect(s.calls.some((c) => `${c.method} ${c.path}` === DTX)).toBe(false);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'stranger' } });
    fireEvent.submit(screen.getByRole('searchbox').closest('form')!);
    expect(await screen.findByText('Este miembro no pertenece a su equipo.')).toBeInTheDocument();
    expect(last(s, DTX).query.get('account')).toBe('stranger');
  });
});
