/** The console's Finance page (moved from the operator suite). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { operatorSessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { fund, mainBalance, newPlayer, operator as keyCall, postEnc, postJson, rid } from '../../test/kits/cashier.ts';
import { audit as ledgerAudit, brandWalletBalance } from '../../kernel/ledger/index.ts';
import { newOp, opCall, auditRows } from '../../test/kits/operator.ts';

const t = useTestApp();
const PIN = '135790';


async function pendingWithdrawal(amount: string) {
  const p = await newPlayer(t);
  await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN });
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Ana Lopez' })).json().value;
  await fund(t, p, 10_000_000n);
  const r = await postEnc(t, p, '/wps/withdraw', { amount, accountId: acct.id, paymentPassword: PIN, requestId: rid() });
  expect(r.statusCode).toBe(200);
  return { p, withdrawNo: r.json().value.withdrawNo as string };
}

async function pendingDeposit() {
  const p = await newPlayer(t);
  const r = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '500', requestId: rid() });
  expect(r.statusCode, r.body).toBe(200);
  return { p, orderNo: r.json().value.orderNo as string };
}

describe('finance', () => {
  it('two-person approval: above the brand amount one operator cannot pay alone', async () => {
    const owner = await newOp(t, 'owner');
    expect((await opCall(t, owner, 'POST', '/wps/ops/finance/rules', { dualApprovalAbove: '1000' })).json().value).toEqual({ dualApprovalAbove: '1000.00' });
    const a = await newOp(t, 'finance');
    const b = await newOp(t, 'finance');
    const { withdrawNo } = await pendingWithdrawal('2000');
    const first = await opCall(t, a, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo });
    expect(first.json().value).toMatchObject({ status: 'awaiting_second', approvals: [a.username] });
    expect((await opCall(t, a, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo })).json().errorCode).toBe('operator.approval.same');
    const a2 = { ...a, token: (await newOp(t, 'finance')).token };
    await t.database.db.update(operatorSessions).set({ operatorId: a.id }).where(eq(operatorSessions.tokenHash, (await import('../../plugins/session.ts')).hashToken(a2.token)));
    expect((await opCall(t, a2, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo })).json().errorCode).toBe('operator.approval.same');
    const w = await keyCall(t, 'GET', `/wps/operator/withdraw/list?status=pending`);
    expect(w.json().value.list.some((x: { withdrawNo: string }) => x.withdrawNo === withdrawNo)).toBe(true);
    const second = await opCall(t, b, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo });
    expect(second.json().value).toMatchObject({ status: 'paid', approvals: [a.username, b.username] });
    expect(await auditRows(t, 'finance.withdraw.pay', withdrawNo)).toHaveLength(1);
    expect(await auditRows(t, 'finance.withdraw.approve', withdrawNo)).toHaveLength(1);
  });

  it('at or below the amount one approval pays; two second approvals racing pay once', async () => {
    const a = await newOp(t, 'finance');
    const { withdrawNo: small } = await pendingWithdrawal('100');
    expect((await opCall(t, a, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo: small })).json().value.status).toBe('paid');
    const { withdrawNo } = await pendingWithdrawal('5000');
    await opCall(t, a, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo });
    const brandId = t.app.brands.byMerchantCode('demo')!.id;
    const payoutBefore = await brandWalletBalance(t.database.db, brandId, 'payout');
    const [b, c] = [await newOp(t, 'finance'), await newOp(t, 'owner')];
    const both = await Promise.all([b, c].map((o) => opCall(t, o, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo })));
    expect(both.filter((r) => r.statusCode === 200 && r.json().value.status === 'paid').length).toBeGreaterThanOrEqual(1);
    const payoutAfter = await brandWalletBalance(t.database.db, brandId, 'payout');
    expect(payoutAfter - payoutBefore).toBeGreaterThan(0n);
    expect(await auditRows(t, 'finance.withdraw.pay', withdrawNo)).toHaveLength(1);
    expect((await ledgerAudit(t.database.db, brandId)).entrySum).toBe(0n);
  });

  it('deposits confirm once, adjustments are postings with a reason and a retry moves nothing; the ledger balances', async () => {
    const op = await newOp(t, 'finance');
    const { p, orderNo } = await pendingDeposit();
    const c1 = await opCall(t, op, 'POST', '/wps/ops/finance/deposit/confirm', { orderNo });
    expect(c1.json().value).toMatchObject({ status: 'confirmed', amount: '500.00' });
    await opCall(t, op, 'POST', '/wps/ops/finance/deposit/confirm', { orderNo });
    expect(await mainBalance(t, p)).toBe(50_000n);
    const body = { username: p.username, direction: 'credit', amount: '25.50', reason: 'goodwill', requestId: rid() };
    const [x, y] = await Promise.all([opCall(t, op, 'POST', '/wps/ops/finance/adjust', body), opCall(t, op, 'POST', '/wps/ops/finance/adjust', body)]);
    expect([x.json().value.applied, y.json().value.applied].sort()).toEqual([false, true]);
    expect(await mainBalance(t, p)).toBe(52_550n);
    const over = await opCall(t, op, 'POST', '/wps/ops/finance/adjust', { ...body, direction: 'debit', amount: '1000', requestId: rid() });
    expect(over.json().errorCode).toBe('wallet.insufficient.funds');
    expect((await opCall(t, op, 'POST', '/wps/ops/finance/adjust', { ...body, amount: '-5', requestId: rid() })).json().errorCode).toBe('wallet.amount.invalid');
    const rows = await auditRows(t, 'finance.adjust', p.username);
    expect(rows).toHaveLength(1);
    expect(rows[0].before).toEqual({ balance: '500.00' });
    expect(rows[0].after).toMatchObject({ balance: '525.50', reason: 'goodwill' });
    const rec = (await opCall(t, op, 'GET', '/wps/ops/finance/reconcile')).json().value;
    expect(rec).toMatchObject({ balanced: true, entrySum: '0.00', mismatchedAccounts: 0 });
  });
});
