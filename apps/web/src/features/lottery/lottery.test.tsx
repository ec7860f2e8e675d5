import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lottery } from '@lobby/contract';
import { fail, fakeServer, ok, type FakeCall, type Handler } from '@/test/server';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { addLines, linesOfPick, lineError, possibleWin, slipBody, slipTotal, togglePick, type SlipLine } from './slip';
import { digitCounts, lastTwo, trendPoints } from './trend';
import { clockSkew, nextRead } from './api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => vi.useRealTimers());

const opt = (betType: lottery.BetType, odds: string): lottery.BetOption => ({ betType, ...lottery.BET_SHAPE[betType], odds });
const VN_OPTIONS = [opt('lo2', '3.5'), opt('de', '70'), opt('cang3', '400'), opt('xien2', '12'), opt('xien3', '40'), opt('xien4', '100')];
const FAST_OPTIONS = [opt('big', '1.95'), opt('small', '1.95'), opt('odd', '1.95'), opt('even', '1.95'), opt('num2', '95')];
const line = (betType: lottery.BetType, numbers: string[], amount = '1'): SlipLine => ({ key: `${betType}:${[...numbers].sort().join(',')}`, betType, numbers, amount });

describe('the slip without React', () => {
  it('a pick makes one bet per number, one xiên bet of exactly its count, one bet for big/small', () => {
    const [lo2, , cang3, xien2] = VN_OPTIONS as [lottery.BetOption, lottery.BetOption, lottery.BetOption, lottery.BetOption];
    expect(linesOfPick(lo2, ['12', '34', '12'], '5')).toEqual([line('lo2', ['12'], '5'), line('lo2', ['34'], '5')]);
    expect(linesOfPick(xien2, ['34'], '5')).toBeNull();
    expect(linesOfPick(xien2, ['34', '12'], '5')).toEqual([line('xien2', ['12', '34'], '5')]);
    expect(linesOfPick(cang3, ['12'], '5')).toBeNull();
    expect(linesOfPick(lo2, [], '5')).toBeNull();
    expect(linesOfPick(FAST_OPTIONS[0]!, [], '2')).toEqual([line('big', [], '2')]);
  });

  it('a xiên pick keeps its count: a further number replaces the oldest', () => {
    expect(togglePick(['01', '02'], '03', { numbers: 2 })).toEqual(['02', '03']);
    expect(togglePick(['01', '02'], '02', { numbers: 2 })).toEqual(['01']);
    expect(togglePick(['01', '02'], '03', { numbers: 1 })).toEqual(['01', '02', '03']);
  });

  it('no duplicate lines, at most MAX_SLIP; totals and wins in cents without floats', () => {
    const first = addLines([], [line('lo2', ['12']), line('lo2', ['12']), line('de', ['12'])]);
    expect(first).toMatchObject({ added: 2, full: false });
    const many = Array.from({ length: 30 }, (_, i) => line('lo2', [String(i).padStart(2, '0')]));
    const r = addLines(first.slip, many);
    expect(r.slip).toHaveLength(lottery.MAX_SLIP);
    expect(r.full).toBe(true);
    expect(slipTotal([{ amount: '0.10' }, { amount: '0.20' }, { amount: 'x' }])).toBe('0.30');
    expect(possibleWin('10.01', '3.5')).toBe('35.03');
    expect(possibleWin('2', '1.95')).toBe('3.90');
    expect(possibleWin('', '1.95')).toBeNull();
  });

  it('amounts are checked against the game limits', () => {
    const limits = { minBet: '1.00', maxBet: '500.00' };
    expect(lineError({ amount: '0.5' }, limits)).toEqual({ key: 'min', min: '1.00' });
    expect(lineError({ amount: '501' }, limits)).toEqual({ key: 'max', max: '500.00' });
    expect(lineError({ amount: '1.234' }, limits)).toEqual({ key: 'decimals' });
    expect(lineError({ amount: '' }, limits)).toEqual({ key: 'required' });
    expect(lineError({ amount: '25' }, limits)).toBeNull();
  });

  it('the body names the issue, the prize mode and the bets', () => {
    const body = slipBody([line('xien2', ['12', '34'], '1,000.50')], { gameCode: 'VN-NORTH', numero: '20261123', prizeMode: 'LOTT' }, 'req-12345678');
    expect(body).toEqual({ gameCode: 'VN-NORTH', numero: '20261123', prizeMode: 'LOTT', requestId: 'req-12345678', bets: [{ betType: 'xien2', numbers: ['12', '34'], amount: '1000.50' }] });
    expect(lottery.placeBetsBody.safeParse(body).success).toBe(true);
  });

  it('trend figures: oldest first, last two digits, digit counts; the server clock skew', () => {
    expect(trendPoints([{ n: 'b', v: 2 }, { n: 'a', v: 1 }], (d) => d.n, (d) => d.v)).toEqual([{ label: 'a', value: 1 }, { label: 'b', value: 2 }]);
    expect(lastTwo('12345')).toBe(45);
    expect(digitCounts(['112', '90'])).toEqual([1, 2, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(clockSkew('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00.000Z'))).toBe(10_000);
    expect(clockSkew(undefined, 5)).toBe(0);
  });

  it('a menu is read again just after the next cut-off, at most every 30 s', () => {
    const at = (ms: number, status: lottery.DrawStatus = 'open') => ({ status, closesAt: new Date(1_000_000 + ms).toISOString() });
    expect(nextRead([at(10_000), at(5_000), null], 30_000, 1_000_000)).toBe(6_000);
    expect(nextRead([at(-2_000)], 30_000, 1_000_000)).toBe(3_000);
    expect(nextRead([at(90_000), at(1_000, 'closed')], 30_000, 1_000_000)).toBe(30_000);
  });
});

// ---- screens against a fake server ----------------------------------------------------------

const SLOW = 20_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

function game(kind: 'vn' | 'fast'): lottery.LotteryGame {
  return kind === 'vn'
    ? { gameCode: 'VN-NORTH', name: 'Miền Bắc', kind: 'vn', region: 'north', intervalSeconds: null, drawTime: '18:15', cutoffSeconds: 900, prizeModes: ['LOTT', 'ZY'], defaultPrizeMode: 'LOTT', gameType: 'LOTT', vassalage: 'LOTT-VN', nodeId: 'vn-north' }
    : { gameCode: 'FAST1', name: 'Rápida 1', kind: 'fast', region: null, intervalSeconds: 60, drawTime: null, cutoffSeconds: 10, prizeModes: ['LOTT'], defaultPrizeMode: 'LOTT', gameType: 'ELOTT', vassalage: 'ELOTT-FAST', nodeId: 'fast1' };
}

function draw(gameCode: string, numero: string, closesInMs: number, status: lottery.DrawStatus = 'open'): lottery.Draw {
  return { gameCode, numero, status, opensAt: iso(-60_000), closesAt: iso(closesInMs), drawAt: iso(closesInMs + 60_000), seedHash: 'ab'.repeat(32) };
}

function vnResult(numero: string): lottery.OpenedDraw {
  const prizes = lottery.VN_STRUCTURE.north.map((p, i) => ({
    prize: p.prize,
    numbers: Array.from({ length: p.count }, (_, j) => String((i * 7919 + j * 104729) % 10 ** p.digits).padStart(p.digits, '0')),
  }));
  prizes[0] = { prize: 'DB', numbers: ['12345'] };
  return { ...draw('VN-NORTH', numero, -120_000, 'settled'), special: '12345', prizes, sum: null, bigSmall: null, oddEven: null, serverSeed: 'cd'.repeat(32), publishedAt: iso(-60_000) };
}

function routes(kind: 'vn' | 'fast', over: Record<string, Handler> = {}) {
  const g = game(kind);
  const current = (c: FakeCall) => ok({
    game: g,
    current: draw(g.gameCode, kind === 'vn' ? '20261123' : '20261123-0100', 120_000),
    last: kind === 'vn' ? vnResult('20261122') : null,
    serverTime: new Date().toISOString(),
    gmtOffsetMinutes: 420,
    prizeMode: c.query.get('prizeMode') ?? 'LOTT',
    options: kind === 'vn' ? VN_OPTIONS : FAST_OPTIONS,
    limits: { minBet: '1.00', maxBet: '500.00', maxPerNumber: '5000.00' },
  });
  return {
    'GET /wps/member/info': () => ok(memberFixture()),
    'GET /lotto/lgw/games/current': current,
    'GET /lgw/vn/numeros/opened/game': () => ok({ list: [vnResult('20261122'), vnResult('20261121')], pageNo: 1, totalPages: 1, totalCount: 2 }),
    'GET /lotto/lgw/games/opened/numero': () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
    'GET /lotto/lgw/bets': () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
    ...over,
  } satisfies Record<string, Handler>;
}

const placed = (body: lottery.PlaceBetsBody) => ok({
  bets: body.bets.map((b, i) => ({ orderNo: `L${i}`, gameCode: body.gameCode, gameName: 'x', numero: body.numero, betType: b.betType, numbers: b.numbers ?? [], prizeMode: 'LOTT', amount: String(b.amount), odds: '3.5', status: 'open', win: '0.00', betAt: iso(0), settledAt: null })),
  balance: '100.00',
});

async function openVn(over: Record<string, Handler> = {}) {
  const server = fakeServer(routes('vn', over));
  renderApp({ route: '/vnLottery?gameCode=VN-NORTH', token: 'tok', member: memberFixture() });
  await screen.findByTestId('lottery-game', {}, { timeout: 8000 });
  return server;
}

describe('the VN lottery page', () => {
  it('shows the issue with a countdown and the regional results board (special prize, prizes 1–7 for the north)', async () => {
    await openVn();
    expect(screen.getByTestId('numero')).toHaveTextContent('20261123');
    expect(within(screen.getByTestId('issue-bar')).getByRole('timer')).toHaveTextContent(/^0[12]:\d\d$/);
    const board = await screen.findByTestId('vn-board');
    const rows = within(board).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('data-prize'))).toEqual(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Especial');
    expect(rows[0]).toHaveTextContent('12345');
    expect(within(rows[3]!).getAllByText(/\d/).length).toBeGreaterThanOrEqual(6);
  }, SLOW);

  it('two numbers on lô, 5.00 each: two lines, total 10.00, sent with the issue and a request id; the balance is read again', async () => {
    let body: lottery.PlaceBetsBody | undefined;
    const server = await openVn({ 'POST /lotto/lgw/bets': (c) => ((body = c.body as lottery.PlaceBetsBody), placed(body)) });
    const board = screen.getByTestId('bet-board');
    await userEvent.click(within(board).getByRole('button', { name: '12' }));
    await userEvent.click(within(board).getByRole('button', { name: '34' }));
    expect(within(board).getByRole('button', { name: '12' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(board).getByRole('button', { name: 'Añadir 2 apuestas' }));
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getAllByTestId('slip-line')).toHaveLength(2);
    expect(within(slip).getByText('$ 2.00')).toBeInTheDocument();
    const each = within(slip).getByLabelText('Monto por apuesta');
    await userEvent.clear(each);
    await userEvent.type(each, '5');
    await userEvent.click(within(slip).getByRole('button', { name: 'Aplicar a todas' }));
    expect(within(slip).getByText('$ 10.00')).toBeInTheDocument();
    expect(within(slip).getAllByText('Gana $ 17.50 por aparición')).toHaveLength(2);
    const infoCalls = server.count('GET /wps/member/info');
    await userEvent.click(within(slip).getByTestId('place-bets'));
    expect(await within(slip).findByText('2 apuestas registradas en el sorteo 20261123.')).toBeInTheDocument();
    expect(body).toMatchObject({ gameCode: 'VN-NORTH', numero: '20261123', prizeMode: 'LOTT', bets: [{ betType: 'lo2', numbers: ['12'], amount: '5' }, { betType: 'lo2', numbers: ['34'], amount: '5' }] });
    expect(body!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(within(slip).queryAllByTestId('slip-line')).toHaveLength(0);
    await waitFor(() => expect(server.count('GET /wps/member/info')).toBeGreaterThan(infoCalls));
  }, SLOW);

  it('a southern draw: the member picks the province of the day; the slip goes to that province\'s issue, settled on the official result', async () => {
    let body: lottery.PlaceBetsBody | undefined;
    const official = (code: string, name: string) => ({ ...draw('VN-SOUTH', `20261130-${code}`, 120_000), seedHash: '', province: { code, name }, resultSource: 'official' as const });
    const issues = [official('HCM', 'TP. Hồ Chí Minh'), official('DT', 'Đồng Tháp'), official('CM', 'Cà Mau')];
    const south = { ...game('vn'), gameCode: 'VN-SOUTH', name: 'Miền Nam', region: 'south' as const };
    fakeServer({
      ...routes('vn'),
      'GET /lotto/lgw/games/current': (c) => ok({
        game: south, current: issues[0], issues, last: null, serverTime: new Date().toISOString(), gmtOffsetMinutes: 420,
        prizeMode: c.query.get('prizeMode') ?? 'LOTT', options: VN_OPTIONS, limits: { minBet: '1.00', maxBet: '500.00', maxPerNumber: '5000.00' },
      }),
      'POST /lotto/lgw/bets': (c) => ((body = c.body as lottery.PlaceBetsBody), placed(body)),
    });
    renderApp({ route: '/vnLottery?gameCode=VN-SOUTH', token: 'tok', member: memberFixture() });
    const picker = await screen.findByRole('radiogroup', { name: 'Provincia' }, { timeout: 8000 });
    expect(within(picker).getAllByRole('radio').map((r) => r.textContent)).toEqual(['TP. Hồ Chí Minh', 'Đồng Tháp', 'Cà Mau', 'Las 3 provincias']);
    expect(screen.getByTestId('official-note').textContent).toBe('Se liquida con el resultado oficial de la provincia');
    await userEvent.click(within(picker).getByRole('radio', { name: 'Đồng Tháp' }));
    expect(screen.getByTestId('numero').textContent).toBe('20261130-DT');
    expect(screen.getByTestId('province').textContent).toBe('Đồng Tháp');
    await userEvent.click(within(screen.getByTestId('bet-board')).getByRole('button', { name: '27' }));
    await userEvent.click(screen.getByTestId('add-to-slip'));
    await userEvent.click(within(screen.getByTestId('bet-slip')).getByTestId('place-bets'));
    await waitFor(() => expect(body).toMatchObject({ gameCode: 'VN-SOUTH', numero: '20261130-DT' }));
    expect(body!.numeros).toBeUndefined();

    // all provinces: the same slip on each issue, the total three times the slip
    await userEvent.click(within(picker).getByRole('radio', { name: 'Las 3 provincias' }));
    expect(screen.getByTestId('province').textContent).toBe('TP. Hồ Chí Minh · Đồng Tháp · Cà Mau');
    await userEvent.click(within(screen.getByTestId('bet-board')).getByRole('button', { name: '27' }));
    await userEvent.click(screen.getByTestId('add-to-slip'));
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByText(/3 provincias \(una apuesta en cada una\)/)).toBeInTheDocument();
    body = undefined;
    await userEvent.click(within(slip).getByTestId('place-bets'));
    await waitFor(() => expect(body).toMatchObject({ numero: '20261130-HCM', numeros: ['20261130-HCM', '20261130-DT', '20261130-CM'] }));
  }, SLOW);

  it('xiên 2 needs exactly two numbers; an amount under the minimum blocks the slip', async () => {
    await openVn();
    await userEvent.click(screen.getByRole('radio', { name: /Xiên 2/ }));
    const board = screen.getByTestId('bet-board');
    const add = within(board).getByTestId('add-to-slip');
    await userEvent.click(within(board).getByRole('button', { name: '07' }));
    expect(add).toBeDisabled();
    await userEvent.click(within(board).getByRole('button', { name: '70' }));
    await userEvent.click(add);
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByText('Xiên 2 · 07 70')).toBeInTheDocument();
    const amount = within(slip).getByLabelText('Monto de Xiên 2 · 07 70');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.5');
    expect(within(slip).getByText('El mínimo es $ 1.00.')).toBeInTheDocument();
    expect(within(slip).getByTestId('place-bets')).toBeDisabled();
  }, SLOW);

  it('a refusal shows the server error translated; a retry after a lost answer reuses the request id', async () => {
    const ids: string[] = [];
    let mode: 'network' | 'limit' = 'network';
    await openVn({
      'POST /lotto/lgw/bets': (c) => {
        ids.push((c.body as lottery.PlaceBetsBody).requestId);
        if (mode === 'network') throw new TypeError('offline');
        return fail(400, 'lottery.bet.number.limit', { number: '12', left: '3.00' }, 'Se alcanzó el límite de 12 en este sorteo (disponible: 3.00).');
      },
    });
    await userEvent.click(within(screen.getByTestId('bet-board')).getByRole('button', { name: '12' }));
    await userEvent.click(screen.getByTestId('add-to-slip'));
    const slip = screen.getByTestId('bet-slip');
    await userEvent.click(within(slip).getByTestId('place-bets'));
    expect(await within(slip).findByRole('alert')).toHaveTextContent(/red|Network/i);
    mode = 'limit';
    await userEvent.click(within(slip).getByTestId('place-bets'));
    expect(await within(slip).findByText('Se alcanzó el límite de 12 en este sorteo (disponible: 3.00).')).toBeInTheDocument();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(within(slip).getAllByTestId('slip-line')).toHaveLength(1);
  }, SLOW);
});

describe('my bets and the trend', () => {
  const bet = (i: number, status: lottery.BetStatus): lottery.LotteryBet => ({
    orderNo: `L${i}`, gameCode: 'VN-NORTH', gameName: 'Miền Bắc', numero: '20261122', betType: i % 2 ? 'xien2' : 'de', numbers: i % 2 ? ['01', '02'] : ['45'],
    prizeMode: 'LOTT', amount: '2.00', odds: '70', status, win: status === 'won' ? '140.00' : '0.00', betAt: iso(-60_000), settledAt: status === 'open' ? null : iso(-1000),
  });

  it('lists the bets with their status, filters by status and pages', async () => {
    const server = await openVn({
      'GET /lotto/lgw/bets': (c) => {
        const status = c.query.get('status') as lottery.BetStatus | null;
        const all = [bet(1, 'open'), bet(2, 'won'), bet(3, 'lost'), bet(4, 'void')].filter((b) => !status || b.status === status);
        return ok({ list: all, pageNo: Number(c.query.get('pageNo')), totalPages: status ? 1 : 2, totalCount: all.length });
      },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Mis apuestas' }));
    const bets = await screen.findByTestId('my-bets');
    await waitFor(() => expect(within(bets).getAllByTestId('bet-row')).toHaveLength(4));
    expect(within(bets).getAllByTestId('bet-row').map((r) => r.getAttribute('data-status'))).toEqual(['open', 'won', 'lost', 'void']);
    expect(within(bets).getAllByText('Xiên 2 · 01 02', { selector: 'strong' })).toHaveLength(2);
    expect(within(bets).getByText('+$ 140.00')).toBeInTheDocument();
    await userEvent.click(within(bets).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/lotto/lgw/bets' && c.query.get('pageNo') === '2')).toBe(true));
    await userEvent.click(within(bets).getByRole('button', { name: 'Ganada' }));
    await waitFor(() => expect(within(bets).getAllByTestId('bet-row')).toHaveLength(1));
    const last = server.calls.filter((c) => c.path === '/lotto/lgw/bets' && !c.query.get('status')?.includes('open')).at(-1)!;
    expect([last.query.get('status'), last.query.get('pageNo'), last.query.get('gameCode')]).toEqual(['won', '1', 'VN-NORTH']);
  }, SLOW);

  it('the trend draws the đề line, the digit bars and the hot and cold endings', async () => {
    const rows = ['12345', '67890', '11122'].map((special, i) => ({ numero: `2026112${i}`, special, digits: [...special].map(Number), sum: null, bigSmall: null, oddEven: null }));
    const tails = Array.from({ length: 100 }, (_, i) => ({ tail: String(i).padStart(2, '0'), count: i === 45 ? 3 : i === 22 ? 1 : 0, missing: i === 99 ? 3 : 0 }));
    await openVn({ 'GET /lotto/lgw/games/trend': () => ok({ gameCode: 'VN-NORTH', rows, tails }) });
    await userEvent.click(screen.getByRole('tab', { name: 'Tendencia' }));
    const trend = await screen.findByTestId('trend');
    expect(within(trend).getByRole('img', { name: /Đề: 2 últimas cifras del especial por sorteo/ })).toBeInTheDocument();
    expect(trend.querySelectorAll('.lt-chart__dot')).toHaveLength(3);
    expect(within(trend).getByLabelText('Cifra 1: 4 veces')).toBeInTheDocument();
    const hot = within(trend).getByRole('heading', { name: 'Terminaciones más frecuentes' }).closest('section')!;
    expect(hot).toHaveTextContent(/^Terminaciones más frecuentes4545: 3 veces2222: 1 vez$/);
    expect(within(trend).getByRole('heading', { name: 'Terminaciones que más tardan en salir' }).closest('section')).toHaveTextContent(/^Terminaciones que más tardan en salir9999: 3 sorteos sin salir00/);
  }, SLOW);
});

describe('a launch from the catalog', () => {
  it('honours ?prizeMode when the game offers it and ?backUrl when it is a path of the site', async () => {
    const server = fakeServer(routes('vn'));
    renderApp({ route: '/vnLottery?gameCode=VN-NORTH&launchMode=LOTT&prizeMode=ZY&device=web&language=ES&lottoArea=VN&backUrl=%2Flott', token: 'tok', member: memberFixture() });
    await screen.findByTestId('lottery-game', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'ZY' })).toHaveAttribute('aria-checked', 'true'));
    expect(server.calls.filter((c) => c.path === '/lotto/lgw/games/current').map((c) => c.query.get('prizeMode'))).toContain('ZY');
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/lott');
  }, SLOW);

  it('an unknown prize mode and a foreign backUrl are ignored', async () => {
    const server = fakeServer(routes('vn'));
    renderApp({ route: '/vnLottery?gameCode=VN-NORTH&prizeMode=SEA&backUrl=https%3A%2F%2Fevil.example', token: 'tok', member: memberFixture() });
    await screen.findByTestId('lottery-game', {}, { timeout: 8000 });
    expect(screen.getByRole('radio', { name: 'Lott' })).toHaveAttribute('aria-checked', 'true');
    expect(server.calls.filter((c) => c.path === '/lotto/lgw/games/current').every((c) => !c.query.get('prizeMode'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  }, SLOW);
});

describe('the fast lottery page and the menu', () => {
  it('big is one click; a closed issue disables the slip and is read again', async () => {
    let closed = true;
    const server = fakeServer(routes('fast', {
      'GET /lotto/lgw/games/current': () => ok({
        game: game('fast'), current: draw('FAST1', closed ? '20261123-0100' : '20261123-0101', closed ? -1000 : 50_000, closed ? 'closed' : 'open'), last: null,
        serverTime: new Date().toISOString(), gmtOffsetMinutes: 420, prizeMode: 'LOTT', options: FAST_OPTIONS, limits: { minBet: '1.00', maxBet: '500.00', maxPerNumber: '5000.00' },
      }),
    }));
    renderApp({ route: '/lottery?gameCode=FAST1', token: 'tok', member: memberFixture() });
    await screen.findByTestId('lottery-game', {}, { timeout: 8000 });
    expect(screen.getByText('Apuestas cerradas: esperando el sorteo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Grande/ })).toBeDisabled();
    closed = false;
    await waitFor(() => expect(screen.getByTestId('numero')).toHaveTextContent('20261123-0101'), { timeout: 8000 });
    expect(server.count('GET /lotto/lgw/games/current')).toBeGreaterThan(1);
    const board = screen.getByTestId('bet-board');
    await userEvent.click(within(board).getByRole('button', { name: /Grande/ }));
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByText('Grande')).toBeInTheDocument();
    expect(within(slip).getByText('Gana $ 1.95')).toBeInTheDocument();
    await userEvent.click(within(board).getByRole('button', { name: /Grande/ }));
    expect(within(slip).getAllByTestId('slip-line')).toHaveLength(1);
    expect(within(slip).getByText('Esa apuesta ya está en el boleto.')).toBeInTheDocument();
    expect(within(slip).getByTestId('place-bets')).toBeEnabled();
  }, SLOW);

  it('/lottery lists the games by kind with their issue, countdown and a link to each', async () => {
    fakeServer({
      ...routes('fast'),
      'GET /lotto/lgw/games/game_menu': () => ok({ list: [{ ...game('fast'), current: draw('FAST1', '20261123-0100', 30_000) }, { ...game('vn'), current: draw('VN-NORTH', '20261123', 3_600_000) }], serverTime: new Date().toISOString(), gmtOffsetMinutes: 420 }),
      'GET /game_menu/recent': () => ok({ list: [] }),
    });
    renderApp({ route: '/lottery', token: 'tok', member: memberFixture() });
    expect(await screen.findByRole('heading', { name: 'Sorteos rápidos' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sorteos regionales de Vietnam' })).toBeInTheDocument();
    const fast = screen.getByTestId('game-FAST1');
    expect(within(fast).getByRole('link', { name: 'Jugar Rápida 1' })).toHaveAttribute('href', '/lottery?gameCode=FAST1');
    expect(within(fast).getByText('Cada minuto')).toBeInTheDocument();
    expect(within(fast).getByRole('timer')).toHaveTextContent(/^00:[23]\d$/);
    expect(within(screen.getByTestId('game-VN-NORTH')).getByText('Diario a las 18:15')).toBeInTheDocument();
  }, SLOW);
});
