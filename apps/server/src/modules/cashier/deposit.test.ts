import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_PARAM_WORDS, cashier, errorMessage, okEnvelope } from '@lobby/contract';
import { depositOrders, turnoverRequirements } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { expireOrders } from './deposit.ts';
import { insertDeposit } from './queries.ts';
import { get, mainBalance, newPlayer, operator, postJson, rid, type Player } from '../../test/kits/cashier.ts';

// per-brand operator keys: a luna key is no key for demo
const t = useTestApp({ OPERATOR_API_KEY: 'demo:demo-operator-key,luna:luna-operator-key' });
const DEMO_KEY = 'demo-operator-key';
const LUNA_KEY = 'luna-operator-key';

const order = (p: Player, body: Record<string, unknown>) =>
  postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '250.50', requestId: rid(), ...body });
const confirm = (orderNo: string, merchant = 'demo', key = DEMO_KEY) =>
  operator(t, 'POST', '/wps/operator/deposit/confirm', { merchant, key, payload: { orderNo } });

describe('deposit methods', () => {
  it('lists methods, channels and bonuses with amounts as decimal strings', async () => {
    const p = await newPlayer(t);
    const res = await get(t, p, '/wps/deposit/methods');
    expect(res.statusCode).toBe(200);
    const v = okEnvelope(cashier.getDepositMethods.response).parse(res.json()).value;
    expect(v.methods.map((m) => m.code)).toEqual(['SPEI', 'MPAGO', 'USDT']);
    expect(v.methods[0].channels[0]).toMatchObject({ code: 'BBVA', min: '100.00', max: '50000.00', fixedAmounts: ['100.00', '200.00', '500.00', '1000.00', '5000.00'] });
    expect(v.methods[0].channels[0]).not.toHaveProperty('payee');
    expect(v.bonuses[0]).toMatchObject({ code: 'WELCOME100', bps: 10_000, maxBonus: '2000.00', minDeposit: '200.00', turnoverMultiple: 10 });
    expect(v).toMatchObject({ expiryMinutes: 30, currency: 'MXN' });
  });

  it('needs a real account and a login', async () => {
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect((await get(t, trial, '/wps/deposit/methods')).json().errorCode).toBe('in_need_true_account');
    expect((await t.call({ method: 'GET', url: '/wps/deposit/methods' })).statusCode).toBe(401);
  });
});

describe('deposit orders', () => {
  it('draws another order number when the random one is taken (two orders in one second)', async () => {
    const p = await newPlayer(t);
    const first = (await order(p, {})).json().value.orderNo as string;
    const numbers = [first, first, 'D20261127000000123456'];
    const base = { merchantId: p.brandId, memberId: p.id, method: 'SPEI', channel: 'SANTANDER', amount: 25_050n, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) };
    const row = await insertDeposit(t.database.db, { ...base, requestId: rid() }, () => numbers.shift()!);
    expect(row.orderNo).toBe('D20261127000000123456');
    await expect(insertDeposit(t.database.db, { ...base, requestId: rid() }, () => first)).rejects.toThrow('no free deposit order number');
  });

  it('refuses bad amounts: negative, zero, 3 decimals, huge, exponents, words, NaN', async () => {
    const p = await newPlayer(t);
    for (const amount of ['-100', '0', '0.00', '250.505', '1e3', '250.', '.5', ' 250', '2,50', 'abc', 'NaN', 'Infinity', '', '0x10',
      '90071992547409.92', '99999999999999999999', -5, 0, 250.555]) {
      const res = await order(p, { amount });
      expect(res.json().errorCode, JSON.stringify(amount)).toBe('wallet.amount.invalid');
    }
    expect((await order(p, { amount: null })).json().errorCode).toBe('request_param_err');
    expect((await order(p, { amount: 250.5 })).json().value.amount).toBe('250.50');
  });

  it('checks channel, min/max and bonus rules; fixed amounts are quick picks, any amount in range is taken', async () => {
    const p = await newPlayer(t);
    expect((await order(p, { method: 'NOPE' })).json().errorCode).toBe('cashier.method.invalid');
    expect((await order(p, { channel: 'BBVA', method: 'MPAGO' })).json().errorCode).toBe('cashier.method.invalid');
    const low = await order(p, { amount: '199.99' });
    expect(low.json()).toMatchObject({ errorCode: 'cashier.amount.out.of.range', message: expect.stringContaining('200.00') });
    expect((await order(p, { amount: '100000.01' })).json().errorCode).toBe('cashier.amount.out.of.range');
    expect((await order(p, { channel: 'BBVA', amount: '150' })).json().value.amount).toBe('150.00');
    expect((await order(p, { channel: 'BBVA', amount: '99.99' })).json().errorCode).toBe('cashier.amount.out.of.range');
    expect((await order(p, { channel: 'BBVA', amount: '200' })).statusCode).toBe(200);
    expect((await order(p, { bonusCode: 'NOPE' })).json().errorCode).toBe('cashier.bonus.invalid');
    expect((await order(p, { bonusCode: 'WELCOME100', amount: '199.99' })).json().errorCode).toBe('cashier.amount.out.of.range');
    expect((await order(p, { method: 'MPAGO', channel: 'MPAGO', bonusCode: 'WELCOME100', amount: '100' })).json().errorCode).toBe('cashier.bonus.invalid');
  });

  it('creates a pending order with payee and countdown; the same requestId answers the same order', async () => {
    const p = await newPlayer(t);
    const requestId = rid();
    const [a, b] = await Promise.all([order(p, { requestId }), order(p, { requestId })]);
    const v = okEnvelope(cashier.depositOrder).parse(a.json()).value;
    expect(v).toMatchObject({ status: 'pending', amount: '250.50', bonusAmount: '0.00', payee: { bank: 'Santander', clabe: '014180655012345678' } });
    expect(new Date(v.expiresAt).getTime() - new Date(v.createdAt).getTime()).toBe(30 * 60_000);
    expect(b.json().value.orderNo).toBe(v.orderNo);
    expect((await order(p, { requestId, amount: '999' })).json().value.orderNo).toBe(v.orderNo);
    expect(await t.database.db.$count(depositOrders, eq(depositOrders.requestId, requestId))).toBe(1);
  });

  it('limits open orders per member', async () => {
    const p = await newPlayer(t);
    for (let i = 0; i < 5; i++) expect((await order(p, {})).statusCode).toBe(200);
    expect((await order(p, {})).json().errorCode).toBe('cashier.deposit.pending.limit');
  });

  it('cancel: pending only, a second cancel answers it again, a cancelled order can never be confirmed', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, {})).json().value;
    const other = await newPlayer(t);
    expect((await postJson(t, other, '/wps/deposit/orders/cancel', { orderNo })).json().errorCode).toBe('cashier.order.not.found');
    expect((await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo })).json().value.status).toBe('cancelled');
    expect((await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo })).json().value.status).toBe('cancelled');
    const c = await confirm(orderNo);
    expect(c.statusCode).toBe(409);
    expect(c.json()).toMatchObject({ errorCode: 'cashier.order.state', value: { status: 'cancelled' } });
    expect(await mainBalance(t, p)).toBe(0n);
  });
});

describe('operator API', () => {
  it('needs the brand\'s key; without a configured key it is not available', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, {})).json().value;
    expect((await operator(t, 'POST', '/wps/operator/deposit/confirm', { key: null, payload: { orderNo } })).json().errorCode).toBe('cashier.operator.unauthorized');
    expect((await confirm(orderNo, 'demo', 'wrong-key')).statusCode).toBe(401);
    expect((await confirm(orderNo, 'demo', LUNA_KEY)).json().errorCode).toBe('cashier.operator.unauthorized');
    const saved = t.app.config.OPERATOR_API_KEY;
    t.app.config.OPERATOR_API_KEY = undefined;
    try {
      expect((await confirm(orderNo)).json().errorCode).toBe('function.not.available');
    } finally {
      t.app.config.OPERATOR_API_KEY = saved;
    }
    expect(await mainBalance(t, p)).toBe(0n);
  });

  it('brand isolation: luna\'s operator cannot see or touch demo orders', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, {})).json().value;
    expect((await confirm(orderNo, 'luna', LUNA_KEY)).json().errorCode).toBe('cashier.order.not.found');
    expect((await operator(t, 'POST', '/wps/operator/deposit/reject', { merchant: 'luna', key: LUNA_KEY, payload: { orderNo } })).statusCode).toBe(404);
    const list = await operator(t, 'GET', `/wps/operator/deposit/orders?username=${p.username}`, { merchant: 'luna', key: LUNA_KEY });
    expect(list.json().value.total).toBe(0);
    const mine = await operator(t, 'GET', `/wps/operator/deposit/orders?username=${p.username}`, { key: DEMO_KEY });
    expect(mine.json().value).toMatchObject({ total: 1, list: [{ orderNo, username: p.username, memberId: String(p.id) }] });
  });

  it('confirm credits the main wallet exactly once, also under concurrent and repeated confirms', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, { amount: '1234.56' })).json().value;
    const results = await Promise.all(Array.from({ length: 8 }, () => confirm(orderNo)));
    for (const r of results) expect(r.json()).toMatchObject({ success: true, value: { orderNo, status: 'confirmed' } });
    expect((await confirm(orderNo)).json().value.status).toBe('confirmed');
    expect(await mainBalance(t, p)).toBe(123_456n);
    expect((await operator(t, 'POST', '/wps/operator/deposit/reject', { key: DEMO_KEY, payload: { orderNo } })).json().errorCode).toBe('cashier.order.state');
    expect((await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo })).json()).toMatchObject({ errorCode: 'cashier.order.state', value: { status: 'confirmed' } });
  });

  it('a bonus is credited with the deposit and opens a turnover requirement', async () => {
    const p = await newPlayer(t);
    const created = (await order(p, { amount: '1500', bonusCode: 'WELCOME100' })).json().value;
    expect(created).toMatchObject({ bonusCode: 'WELCOME100', bonusAmount: '1500.00' });
    const capped = (await order(p, { amount: '3000', bonusCode: 'WELCOME100' })).json().value;
    expect(capped.bonusAmount).toBe('2000.00');
    await confirm(created.orderNo);
    await confirm(created.orderNo);
    expect(await mainBalance(t, p)).toBe(300_000n);
    const reqs = await t.database.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, p.id));
    expect(reqs).toHaveLength(1);
    expect(reqs[0]).toMatchObject({ required: 3_000_000n, progress: 0n, source: 'bonus:WELCOME100', completedAt: null });
    expect((await get(t, p, '/wps/withdraw/settings')).json().value.turnoverRequired).toBe('30000.00');
  });

  it('reject moves no money; a rejected order cannot be confirmed', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, {})).json().value;
    const r = await operator(t, 'POST', '/wps/operator/deposit/reject', { key: DEMO_KEY, payload: { orderNo, remark: 'no payment seen' } });
    expect(r.json().value).toMatchObject({ status: 'rejected', remark: 'no payment seen' });
    expect((await confirm(orderNo)).json()).toMatchObject({ errorCode: 'cashier.order.state', value: { status: 'rejected' } });
    expect(await mainBalance(t, p)).toBe(0n);
  });
});

describe('expiry', () => {
  it('the job expires pending orders past expiresAt (once); an expired order cannot be confirmed or cancelled', async () => {
    const p = await newPlayer(t);
    const a = (await order(p, {})).json().value;
    const b = (await order(p, {})).json().value;
    await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo: b.orderNo });
    expect(await expireOrders(t.database.db, new Date(Date.now() + 29 * 60_000))).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireOrders(t.database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireOrders(t.database.db, later)).toBe(0);
    const rows = await t.database.db.select().from(depositOrders).where(eq(depositOrders.memberId, p.id));
    expect(Object.fromEntries(rows.map((r) => [r.orderNo, r.status]))).toEqual({ [a.orderNo]: 'expired', [b.orderNo]: 'cancelled' });
    expect((await confirm(a.orderNo)).json()).toMatchObject({ errorCode: 'cashier.order.state', value: { status: 'expired' } });
    expect((await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo: a.orderNo })).statusCode).toBe(409);
    expect(await mainBalance(t, p)).toBe(0n);
  });

  it('an order past its expiry is not confirmable even before the job ran', async () => {
    const p = await newPlayer(t);
    const { orderNo } = (await order(p, {})).json().value;
    await t.database.db.update(depositOrders).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(depositOrders.orderNo, orderNo), eq(depositOrders.memberId, p.id)));
    expect((await confirm(orderNo)).json()).toMatchObject({ errorCode: 'cashier.order.state', value: { status: 'expired' } });
    expect(await mainBalance(t, p)).toBe(0n);
  });
});

describe('deposit records', () => {
  it('pages by 10, newest first, filters by status, refuses ranges over 30 days', async () => {
    const p = await newPlayer(t);
    const db = t.database.db;
    for (let i = 0; i < 12; i++) {
      const { orderNo } = (await order(p, { amount: String(200 + i) })).json().value;
      await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo });
    }
    await order(p, { amount: '300' });
    const first = (await get(t, p, '/wps/deposit/orders')).json().value;
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 13, totalPages: 2 });
    expect(first.list[0].amount).toBe('300.00');
    expect((await get(t, p, '/wps/deposit/orders?page=2')).json().value.list).toHaveLength(3);
    expect((await get(t, p, '/wps/deposit/orders?status=pending')).json().value.total).toBe(1);
    // an old order is outside the default 7 days but inside an explicit 30-day range
    await db.update(depositOrders).set({ createdAt: new Date(Date.now() - 20 * 86_400_000) }).where(eq(depositOrders.memberId, p.id));
    expect((await get(t, p, '/wps/deposit/orders')).json().value.total).toBe(0);
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    expect((await get(t, p, `/wps/deposit/orders?startDate=${day(-29)}&endDate=${day(0)}`)).json().value.total).toBe(13);
    expect((await get(t, p, `/wps/deposit/orders?startDate=${day(-40)}&endDate=${day(0)}`)).json().errorCode).toBe('cashier.range.invalid');
    expect((await get(t, p, `/wps/deposit/orders?startDate=${day(0)}&endDate=${day(-2)}`)).json().errorCode).toBe('cashier.range.invalid');
    expect((await get(t, p, '/wps/deposit/orders?startDate=2024-02-31')).json().errorCode).toBe('cashier.range.invalid');
    const other = await newPlayer(t);
    expect((await get(t, other, '/wps/deposit/orders')).json().value.total).toBe(0);
  });

  it('the ledger stays balanced: entries sum to zero, balances match entries', async () => {
    const demo = t.app.brands.byMerchantCode('demo')!.id;
    expect(await audit(t.database.db, demo)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});

describe('cashier.order.state in the request\'s language', () => {
  const inLang = (language: 'ES' | 'EN', url: string, o: { orderNo: string; p?: Player }) =>
    t.call({ method: 'POST', url, language, ...(o.p ? { token: o.p.token } : { headers: { 'x-operator-key': DEMO_KEY } }), payload: { orderNo: o.orderNo } });

  it('names the order\'s state in Spanish for a Spanish request and in English for an English one', async () => {
    const p = await newPlayer(t);
    const cancelled = (await order(p, {})).json().value.orderNo;
    await postJson(t, p, '/wps/deposit/orders/cancel', { orderNo: cancelled });
    const rejected = (await order(p, {})).json().value.orderNo;
    await operator(t, 'POST', '/wps/operator/deposit/reject', { key: DEMO_KEY, payload: { orderNo: rejected } });
    const confirmed = (await order(p, {})).json().value.orderNo;
    await confirm(confirmed);
    const expired = (await order(p, {})).json().value.orderNo;
    await t.database.db.update(depositOrders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(depositOrders.orderNo, expired));
    const cases: [string, { orderNo: string; p?: Player }, string, string][] = [
      ['/wps/operator/deposit/confirm', { orderNo: cancelled }, 'cancelada', 'cancelled'],
      ['/wps/operator/deposit/confirm', { orderNo: rejected }, 'rechazada', 'rejected'],
      ['/wps/deposit/orders/cancel', { orderNo: confirmed, p }, 'confirmada', 'confirmed'],
      ['/wps/operator/deposit/confirm', { orderNo: expired }, 'vencida', 'expired'],
    ];
    for (const [url, o, es, en] of cases) {
      const r = await inLang('ES', url, o);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ success: false, errorCode: 'cashier.order.state', message: `Esta orden ya no se puede modificar (está ${es}).`, value: { status: en } });
      expect((await inLang('EN', url, o)).json()).toMatchObject({ errorCode: 'cashier.order.state', message: `This order can no longer be changed (it is ${en}).` });
    }
    expect(await mainBalance(t, p)).toBe(25_050n);
  });

  it('has a word for every order state in both languages; a state without one is written as it is', () => {
    for (const s of cashier.DEPOSIT_STATUSES) {
      expect(errorMessage('cashier.order.state', 'ES', { status: s }), s).not.toContain(`está ${s})`);
      expect(ERROR_PARAM_WORDS['cashier.order.state']?.status[s]?.en, s).toBeTruthy();
    }
    expect(errorMessage('cashier.order.state', 'ES', { status: 'pending' })).toBe('Esta orden ya no se puede modificar (está pendiente).');
    expect(errorMessage('cashier.order.state', 'ES', { status: 'on_hold' })).toBe('Esta orden ya no se puede modificar (está on_hold).');
    expect(errorMessage('cashier.order.state', 'EN', { status: 'on_hold' })).toBe('This order can no longer be changed (it is on_hold).');
  });
});
