import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_PARAM_WORDS, cashier, errorMessage, okEnvelope } from '@lobby/contract';
import { memberSecrets, turnoverRequirements, withdrawals } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/index.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, brandWalletBalance } from '../../kernel/ledger/index.ts';
import { addTurnoverProgress } from './turnover.ts';
import { autoReceiveAll } from './withdraw.ts';
import { fund, get, mainBalance, newPlayer, operator, postEnc, postJson, rid, type Player } from '../../test/kits/cashier.ts';

const t = useTestApp();
const PIN = '135790';

async function ready(merchant = 'demo', balance = 500_000n) {
  const p = await newPlayer(t, merchant);
  expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Ana Lopez' })).json().value;
  if (balance > 0n) await fund(t, p, balance);
  return { p, accountId: acct.id as string };
}
const withdraw = (p: Player, accountId: string, body: Record<string, unknown> = {}) =>
  postEnc(t, p, '/wps/withdraw', { amount: '1000', accountId, paymentPassword: PIN, requestId: rid(), ...body });
const pay = (withdrawNo: string, merchant = 'demo') => operator(t, 'POST', '/wps/operator/withdraw/pay', { merchant, payload: { withdrawNo } });
const reject = (withdrawNo: string) => operator(t, 'POST', '/wps/operator/withdraw/reject', { payload: { withdrawNo } });
const receipt = (p: Player, withdrawNo: string, result: string, extra: object = {}) => postJson(t, p, '/wps/withdraw/confirm', { withdrawNo, result, ...extra });
const brandBalance = async (merchant: string, wallet: 'payout' | 'house' | 'withdraw_hold') => {
  const id = t.app.brands.byMerchantCode(merchant)!.id;
  return brandWalletBalance(t.database.db, id, wallet);
};

describe('withdrawal password', () => {
  it('is set once with a confirmation, then changed only with the old one; encrypted only', async () => {
    const p = await newPlayer(t);
    expect((await get(t, p, '/wps/member/password/payment')).json().value).toEqual({ isSet: false, lockedUntil: null });
    expect((await postJson(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).json().errorCode).toBe('crypto.required');
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: '12ab56', confirmPassword: '12ab56' })).json().errorCode).toBe('cashier.payment.password.format');
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: '000000' })).json().errorCode).toBe('inconsistent_twice');
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).json().value).toEqual({ isSet: true });
    expect((await get(t, p, '/wps/member/password/payment')).json().value.isSet).toBe(true);
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: '246810', confirmPassword: '246810' })).json().errorCode).toBe('cashier.payment.password.invalid');
    expect((await postEnc(t, p, '/wps/member/password/payment', { oldPassword: PIN, newPassword: '246810', confirmPassword: '246810' })).statusCode).toBe(200);
    const [s] = await t.database.db.select().from(memberSecrets).where(eq(memberSecrets.memberId, p.id));
    expect(s.paymentPasswordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('withdraw accounts', () => {
  it('binds the payee name with the first account; checks kind, number, duplicates and the limit', async () => {
    const p = await newPlayer(t);
    const bind = (body: object) => postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Ana Lopez', ...body });
    expect((await bind({ accountNo: '12ab' })).json().errorCode).toBe('cashier.account.invalid');
    const first = (await bind({})).json().value;
    expect(first).toMatchObject({ kind: 'bank', accountNo: '************7891', payeeName: 'Ana Lopez' });
    expect((await bind({})).json().errorCode).toBe('cashier.account.exists');
    expect((await bind({ accountNo: '014180655012345678', payeeName: 'Someone Else' })).json().errorCode).toBe('cashier.payee.mismatch');
    expect((await bind({ kind: 'ewallet', bankName: 'Mercado Pago', accountNo: 'ana@mail.example', payeeName: 'ana  lopez' })).statusCode).toBe(200);
    for (const no of ['0141806550123456781', '0141806550123456782', '0141806550123456783']) expect((await bind({ accountNo: no })).statusCode).toBe(200);
    expect((await bind({ accountNo: '0141806550123456784' })).json().errorCode).toBe('cashier.account.limit');
    const list = (await get(t, p, '/wps/withdraw/accounts')).json().value;
    expect(list).toMatchObject({ payeeName: 'Ana Lopez', max: 5, kinds: ['bank', 'ewallet'] });
    expect(list.list).toHaveLength(5);
    // luna allows bank accounts only
    const l = await newPlayer(t, 'luna');
    expect((await postJson(t, l, '/wps/withdraw/accounts', { kind: 'ewallet', bankName: 'XPay', accountNo: 'ana@mail.example', payeeName: 'Ana' })).json().errorCode).toBe('cashier.account.invalid');
  });
});

describe('withdraw', () => {
  it('settings: limits, charges, daily count, turnover, balance', async () => {
    const { p } = await ready();
    const v = okEnvelope(cashier.getWithdrawSettings.response).parse((await get(t, p, '/wps/withdraw/settings')).json()).value;
    expect(v).toMatchObject({ allowed: true, min: '100.00', max: '50000.00', feeBps: 100, feeFixed: '0.00', dailyCount: 5, remainingToday: 5,
      turnoverRequired: '0.00', balance: '5000.00', hasPaymentPassword: true, accounts: 1, currency: 'MXN' });
  });

  it('refuses bad amounts, out-of-range amounts, unknown accounts, plaintext bodies', async () => {
    const { p, accountId } = await ready();
    for (const amount of ['-1', '0', '100.001', '1e4', 'abc', 'NaN', '', '99999999999999999999', -100]) {
      expect((await withdraw(p, accountId, { amount })).json().errorCode, String(amount)).toBe('wallet.amount.invalid');
    }
    expect((await withdraw(p, accountId, { amount: '99.99' })).json().errorCode).toBe('cashier.amount.out.of.range');
    expect((await withdraw(p, accountId, { amount: '50000.01' })).json().errorCode).toBe('cashier.amount.out.of.range');
    const other = await ready();
    expect((await withdraw(p, other.accountId)).json().errorCode).toBe('cashier.account.not.found');
    expect((await postJson(t, p, '/wps/withdraw', { amount: '1000', accountId, paymentPassword: PIN, requestId: rid() })).json().errorCode).toBe('crypto.required');
    expect(await mainBalance(t, p)).toBe(500_000n);
  });

  it('needs a withdrawal password; 5 wrong ones lock it for 15 minutes', async () => {
    const p = await newPlayer(t);
    const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Ana' })).json().value;
    await fund(t, p, 500_000n);
    expect((await withdraw(p, acct.id)).json().errorCode).toBe('cashier.payment.password.required');
    await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN });
    for (let i = 1; i <= 4; i++) {
      expect((await withdraw(p, acct.id, { paymentPassword: '000000' })).json()).toMatchObject({ errorCode: 'cashier.payment.password.invalid', value: { attemptsLeft: 5 - i } });
    }
    expect((await withdraw(p, acct.id, { paymentPassword: '000000' })).json()).toMatchObject({ errorCode: 'cashier.payment.password.locked', message: expect.stringContaining('15') });
    expect((await withdraw(p, acct.id)).json().errorCode).toBe('cashier.payment.password.locked');
    expect((await get(t, p, '/wps/member/password/payment')).json().value.lockedUntil).not.toBeNull();
    expect(await mainBalance(t, p)).toBe(500_000n);
    // the lock runs out: the right password works and the count starts again
    await t.database.db.update(memberSecrets).set({ paymentPasswordLockedUntil: new Date(Date.now() - 1000) }).where(eq(memberSecrets.memberId, p.id));
    expect((await withdraw(p, acct.id)).json().value.status).toBe('pending');
    const [s] = await t.database.db.select().from(memberSecrets).where(eq(memberSecrets.memberId, p.id));
    expect(s.paymentPasswordFailures).toBe(0);
  });

  it('holds the amount at once; the same requestId (also concurrently) holds once', async () => {
    const { p, accountId } = await ready();
    const requestId = rid();
    const rs = await Promise.all([1, 2, 3].map(() => withdraw(p, accountId, { requestId, amount: '1200.50' })));
    const nos = new Set(rs.map((r) => r.json().value.withdrawNo));
    expect(nos.size).toBe(1);
    const v = okEnvelope(cashier.withdrawal).parse(rs[0].json()).value;
    expect(v).toMatchObject({ status: 'pending', amount: '1200.50', fee: '12.00', netAmount: '1188.50', account: { accountNo: '************7891', payeeName: 'Ana Lopez' } });
    expect(await mainBalance(t, p)).toBe(500_000n - 120_050n);
    expect((await withdraw(p, accountId, { requestId })).json().value.withdrawNo).toBe(v.withdrawNo);
    expect(await t.database.db.$count(withdrawals, eq(withdrawals.memberId, p.id))).toBe(1);
  });

  it('insufficient balance: the hold posting refuses and nothing is recorded', async () => {
    const { p, accountId } = await ready('demo', 50_000n);
    expect((await withdraw(p, accountId, { amount: '500.01' })).json().errorCode).toBe('wallet.insufficient.funds');
    expect(await t.database.db.$count(withdrawals, eq(withdrawals.memberId, p.id))).toBe(0);
    expect((await withdraw(p, accountId, { amount: '500' })).statusCode).toBe(200);
    expect(await mainBalance(t, p)).toBe(0n);
  });

  it('daily count: the 6th withdrawal of the day is refused; rejected ones do not count', async () => {
    const { p, accountId } = await ready();
    const nos: string[] = [];
    for (let i = 0; i < 5; i++) nos.push((await withdraw(p, accountId, { amount: '100' })).json().value.withdrawNo);
    expect((await withdraw(p, accountId, { amount: '100' })).json()).toMatchObject({ errorCode: 'cashier.withdraw.daily.limit', message: expect.stringContaining('5') });
    expect((await get(t, p, '/wps/withdraw/settings')).json().value.remainingToday).toBe(0);
    await reject(nos[0]);
    expect((await withdraw(p, accountId, { amount: '100' })).statusCode).toBe(200);
  });

  it('turnover: blocked until the bonus is turned over; addTurnoverProgress fills requirements oldest first', async () => {
    const { p, accountId } = await ready();
    const db = t.database.db;
    await db.insert(turnoverRequirements).values([
      { merchantId: p.brandId, memberId: p.id, source: 'bonus:X', sourceRef: `t1:${p.id}`, required: 100_000n },
      { merchantId: p.brandId, memberId: p.id, source: 'bonus:Y', sourceRef: `t2:${p.id}`, required: 50_000n },
    ]);
    expect((await withdraw(p, accountId)).json()).toMatchObject({ errorCode: 'cashier.withdraw.turnover.required', value: { turnoverRequired: '1500.00' } });
    expect(await db.transaction((tx) => addTurnoverProgress(tx, p.brandId, p.id, 120_000n))).toBe(0n);
    expect((await get(t, p, '/wps/withdraw/settings')).json().value.turnoverRequired).toBe('300.00');
    expect((await withdraw(p, accountId)).json().errorCode).toBe('cashier.withdraw.turnover.required');
    expect(await db.transaction((tx) => addTurnoverProgress(tx, p.brandId, p.id, 40_000n))).toBe(10_000n);
    const rows = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, p.id));
    expect(rows.every((r) => r.completedAt !== null && r.progress === r.required)).toBe(true);
    expect((await withdraw(p, accountId)).statusCode).toBe(200);
  });

  it('a brand that does not allow withdrawals refuses them', async () => {
    const { p, accountId } = await ready();
    const brand = t.app.brands.byMerchantCode('demo')!;
    brand.config.wallet.withdraw.allowed = false;
    try {
      expect((await withdraw(p, accountId)).json().errorCode).toBe('cashier.withdraw.not.allowed');
    } finally {
      brand.config.wallet.withdraw.allowed = true;
    }
  });
});

describe('operator and receipt', () => {
  it('pay moves the hold to payout and the fee to house, once, also under concurrent pays', async () => {
    const { p, accountId } = await ready();
    // the service key pays alone only up to the brand's two-operator amount (1,000.00)
    const big = (await withdraw(p, accountId, { amount: '1000.01' })).json().value.withdrawNo;
    expect((await pay(big)).json().errorCode).toBe('operator.approval.named');
    await reject(big);
    const { withdrawNo } = (await withdraw(p, accountId, { amount: '1000' })).json().value;
    const [payout0, house0, hold0] = [await brandBalance('demo', 'payout'), await brandBalance('demo', 'house'), await brandBalance('demo', 'withdraw_hold')];
    const rs = await Promise.all(Array.from({ length: 6 }, () => pay(withdrawNo)));
    for (const r of rs) expect(r.json().value).toMatchObject({ status: 'paid', username: p.username, accountNoFull: '012180001234567891' });
    expect((await pay(withdrawNo)).json().value.status).toBe('paid');
    expect(await brandBalance('demo', 'payout')).toBe(payout0 + 99_000n);
    expect(await brandBalance('demo', 'house')).toBe(house0 + 1_000n);
    expect(await brandBalance('demo', 'withdraw_hold')).toBe(hold0 - 100_000n);
    expect(await mainBalance(t, p)).toBe(400_000n);
    expect((await reject(withdrawNo)).json()).toMatchObject({ errorCode: 'cashier.withdraw.state', value: { status: 'paid' } });
    const mine = (await get(t, p, '/wps/withdraw/records')).json().value.list[0];
    expect(mine.autoReceiptAt).not.toBeNull();
  });

  it('reject returns the full hold; a rejected withdrawal cannot be paid', async () => {
    const { p, accountId } = await ready();
    const { withdrawNo } = (await withdraw(p, accountId, { amount: '2000' })).json().value;
    const rs = await Promise.all([reject(withdrawNo), reject(withdrawNo)]);
    for (const r of rs) expect(r.json().value.status).toBe('rejected');
    expect(await mainBalance(t, p)).toBe(500_000n);
    expect((await pay(withdrawNo)).json()).toMatchObject({ errorCode: 'cashier.withdraw.state', value: { status: 'rejected' } });
    expect((await receipt(p, withdrawNo, 'received')).json().errorCode).toBe('cashier.withdraw.state');
  });

  it('the member confirms a paid withdrawal once: received closes it, not_received / partial open a dispute', async () => {
    const { p, accountId } = await ready();
    const a = (await withdraw(p, accountId, { amount: '1000' })).json().value.withdrawNo;
    expect((await receipt(p, a, 'received')).json()).toMatchObject({ errorCode: 'cashier.withdraw.state', value: { status: 'pending' } });
    await pay(a);
    const other = await newPlayer(t);
    expect((await receipt(other, a, 'received')).json().errorCode).toBe('cashier.withdraw.not.found');
    expect((await receipt(p, a, 'received')).json().value).toMatchObject({ status: 'received', receipt: 'received', autoReceiptAt: null });
    expect((await receipt(p, a, 'received')).json().value.status).toBe('received');
    expect((await receipt(p, a, 'not_received')).json().errorCode).toBe('cashier.withdraw.state');
    const b = (await withdraw(p, accountId, { amount: '1000' })).json().value.withdrawNo;
    await pay(b);
    expect((await receipt(p, b, 'partial', { receivedAmount: '990.01' })).json().errorCode).toBe('wallet.amount.invalid');
    expect((await receipt(p, b, 'partial', { receivedAmount: '500' })).json().value).toMatchObject({ status: 'disputed', receipt: 'partial', receivedAmount: '500.00' });
    const c = (await withdraw(p, accountId, { amount: '1000' })).json().value.withdrawNo;
    await pay(c);
    expect((await receipt(p, c, 'not_received')).json().value).toMatchObject({ status: 'disputed', receipt: 'not_received' });
    // no money moved back: 3 × 1000 held and paid
    expect(await mainBalance(t, p)).toBe(200_000n);
    const list = (await operator(t, 'GET', `/wps/operator/withdraw/list?username=${p.username}&status=disputed`)).json().value;
    expect(list.total).toBe(2);
  });

  it('luna\'s operator cannot pay demo withdrawals', async () => {
    const { p, accountId } = await ready();
    const { withdrawNo } = (await withdraw(p, accountId)).json().value;
    expect((await pay(withdrawNo, 'luna')).json().errorCode).toBe('cashier.withdraw.not.found');
    expect((await operator(t, 'POST', '/wps/operator/withdraw/pay', { key: 'nope-nope', payload: { withdrawNo } })).statusCode).toBe(401);
    expect((await get(t, p, '/wps/withdraw/records')).json().value.list[0].status).toBe('pending');
  });

  it('the auto-receipt job closes paid withdrawals left unconfirmed past the brand\'s minutes', async () => {
    const { p, accountId } = await ready();
    const { withdrawNo } = (await withdraw(p, accountId)).json().value;
    await pay(withdrawNo);
    const brands = t.app.brands.all();
    expect(await autoReceiveAll(t.database.db, brands, new Date(Date.now() + 1439 * 60_000))).toBe(0);
    expect(await autoReceiveAll(t.database.db, brands, new Date(Date.now() + 1441 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await autoReceiveAll(t.database.db, brands, new Date(Date.now() + 1441 * 60_000))).toBe(0);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.withdrawNo, withdrawNo));
    expect(row).toMatchObject({ status: 'auto_received', receipt: 'auto' });
    expect((await receipt(p, withdrawNo, 'not_received')).json().errorCode).toBe('cashier.withdraw.state');
    // through the runner too (advisory lock), with nothing left to do
    const job = jobsOf(t.app).find((j) => j.name === 'withdraw.auto-receipt')!;
    expect(await runExclusive(t.database.db, job, new Date(Date.now() + 1441 * 60_000))).toBe(0);
  });

  it('the ledger stays balanced for every brand', async () => {
    for (const code of ['demo', 'luna']) {
      const id = t.app.brands.byMerchantCode(code)!.id;
      expect(await audit(t.database.db, id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
  });
});

describe('cashier.withdraw.state in the request\'s language', () => {
  const inLang = (language: 'ES' | 'EN', url: string, withdrawNo: string, p?: Player) =>
    t.call({ method: 'POST', url, language, ...(p ? { token: p.token, payload: { withdrawNo, result: 'received' } } : { headers: { 'x-operator-key': 'dev-operator-key' }, payload: { withdrawNo } }) });

  it('names the withdrawal\'s state in Spanish for a Spanish request and in English for an English one', async () => {
    const { p, accountId } = await ready();
    const no = async () => (await withdraw(p, accountId)).json().value.withdrawNo as string;
    const pending = await no();
    const paid = await no();
    await pay(paid);
    const rejected = await no(); // rejected before the sixth: the daily limit of 5 does not count it
    await reject(rejected);
    const received = await no();
    await pay(received);
    await receipt(p, received, 'received');
    const disputed = await no();
    await pay(disputed);
    await receipt(p, disputed, 'not_received');
    const auto = await no();
    await pay(auto);
    await t.database.db.update(withdrawals).set({ status: 'auto_received', receipt: 'auto', closedAt: new Date() }).where(eq(withdrawals.withdrawNo, auto));
    const cases: [string, string, Player | undefined, string, string][] = [
      ['/wps/withdraw/confirm', pending, p, 'pendiente', 'pending'],
      ['/wps/operator/withdraw/reject', paid, undefined, 'pagado', 'paid'],
      ['/wps/operator/withdraw/pay', rejected, undefined, 'rechazado', 'rejected'],
      ['/wps/operator/withdraw/reject', received, undefined, 'marcado como recibido', 'marked as received'],
      ['/wps/operator/withdraw/reject', disputed, undefined, 'en revisión', 'in review'],
      ['/wps/operator/withdraw/reject', auto, undefined, 'marcado como recibido automáticamente', 'marked as received automatically'],
    ];
    for (const [url, withdrawNo, member, es, en] of cases) {
      const r = await inLang('ES', url, withdrawNo, member);
      expect(r.statusCode, withdrawNo).toBe(409);
      expect(r.json()).toMatchObject({ success: false, errorCode: 'cashier.withdraw.state', message: `Este retiro ya no se puede modificar (está ${es}).` });
      expect((await inLang('EN', url, withdrawNo, member)).json()).toMatchObject({ errorCode: 'cashier.withdraw.state', message: `This withdrawal can no longer be changed (it is ${en}).` });
    }
  });

  it('has a word for every withdrawal state in both languages; a state without one is written as it is', () => {
    for (const s of cashier.WITHDRAW_STATUSES) {
      expect(errorMessage('cashier.withdraw.state', 'ES', { status: s }), s).not.toContain(`está ${s})`);
      expect(ERROR_PARAM_WORDS['cashier.withdraw.state']?.status[s]?.en, s).toBeTruthy();
    }
    expect(errorMessage('cashier.withdraw.state', 'ES', { status: 'frozen' })).toBe('Este retiro ya no se puede modificar (está frozen).');
  });
});
