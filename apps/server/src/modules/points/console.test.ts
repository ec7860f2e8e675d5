import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pointRewards } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { mainBalance, newPlayer, postEnc, rid, type Player } from '../../test/kits/cashier.ts';
import { lockAccount, postPoints, readAccount } from './ledger.ts';
import { audit as ledgerAudit } from '../../kernel/ledger/index.ts';
import { newOp, opCall, auditRows } from '../../test/kits/operator.ts';

const t = useTestApp();
const PIN = '246810';
const db = () => t.database.db;

const member = (p: Player, url: string, lang = 'EN') => t.call({ method: 'GET', url, merchant: p.merchant, token: p.token, language: lang, headers: { language: lang } });

describe('console points mall', () => {
  const item = { kind: 'item', name: { ES: 'Taza', EN: 'Mug' }, image: '/wps/points/art/mug.svg', cost: 10, stock: 2, perMemberLimit: 1, voucherAmount: null };

  it('adds, edits and hides a reward; members see each change at once', async () => {
    const op = await newOp(t, 'content');
    const made = await opCall(t, op, 'POST', '/wps/ops/rewards/points', item);
    expect(made.statusCode, made.body).toBe(200);
    const r = made.json().value;
    expect(r).toMatchObject({ name: { ES: 'Taza', EN: 'Mug' }, cost: 10, stock: 2, perMemberLimit: 1, enabled: true, redeemed: 0 });
    const p = await newPlayer(t);
    const shown = async (lang = 'EN') => (await member(p, '/wps/relay/MCSFE_getPointRewards', lang)).json().value.list.find((x: { id: string }) => x.id === r.id);
    expect(await shown()).toMatchObject({ name: 'Mug', cost: '10', stock: 2 });
    const upd = await opCall(t, op, 'POST', '/wps/ops/rewards/points', { ...item, id: r.id, name: { ES: 'Taza grande', EN: 'Big mug' }, stock: 5, cost: 12 });
    expect(upd.json().value).toMatchObject({ stock: 5, cost: 12 });
    expect(await shown('ES')).toMatchObject({ name: 'Taza grande', cost: '12', stock: 5 });
    await opCall(t, op, 'POST', '/wps/ops/rewards/points/enabled', { id: r.id, enabled: false });
    expect(await shown()).toBeUndefined();
    expect((await opCall(t, op, 'GET', '/wps/ops/rewards/points')).json().value.find((x: { id: string }) => x.id === r.id)).toMatchObject({ enabled: false });
    const [u] = await auditRows(t, 'rewards.points.update', r.id);
    expect(u.before).toMatchObject({ stock: 2, cost: 10 });
    expect(u.after).toMatchObject({ stock: 5, cost: 12, name: { EN: 'Big mug' } });
    expect(await auditRows(t, 'rewards.points.create', r.id)).toHaveLength(1);
    expect(await auditRows(t, 'rewards.points.disable', r.id)).toHaveLength(1);
  });

  it('answers clear error codes for bad input', async () => {
    const op = await newOp(t, 'content');
    const code = async (b: object) => (await opCall(t, op, 'POST', '/wps/ops/rewards/points', { ...item, ...b })).json().errorCode;
    expect(await code({ stock: -1 })).toBe('request_param_err');
    expect(await code({ cost: 0 })).toBe('request_param_err');
    expect(await code({ kind: 'voucher' })).toBe('operator.rewards.voucher');
    expect(await code({ voucherAmount: '5' })).toBe('operator.rewards.voucher');
    expect(await code({ kind: 'voucher', voucherAmount: '-5' })).toBe('wallet.amount.invalid');
    expect(await code({ image: 'javascript:alert(1)' })).toBe('request_param_err');
    expect(await code({ id: '999999999' })).toBe('points.reward.not.found');
  });

  it('reviews redemptions: reject returns points and stock once; approving a voucher credits it through the ledger', async () => {
    const op = await newOp(t, 'content');
    const voucher = (await opCall(t, op, 'POST', '/wps/ops/rewards/points', { ...item, kind: 'voucher', name: { ES: 'Vale 5', EN: 'Voucher 5' }, voucherAmount: '5', perMemberLimit: null, stock: 10 })).json().value;
    const mug = (await opCall(t, op, 'POST', '/wps/ops/rewards/points', { ...item, perMemberLimit: null, stock: 10 })).json().value;
    const p = await newPlayer(t);
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
    await db().transaction(async (tx) => {
      await lockAccount(tx, p.brandId, p.id);
      await postPoints(tx, { merchantId: p.brandId, memberId: p.id, kind: 'adjust', points: 100n, idemKey: `test:${rid()}` });
    });
    const redeem = async (rewardId: string) => {
      const r = await postEnc(t, p, '/wps/relay/MCSFE_redeemPointReward', { rewardId, paymentPassword: PIN, requestId: rid(), receiver: 'Ana López', address: 'Av. Reforma 222, CDMX', mobile: '+52 55 1234 5678' });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value.orderNo as string;
    };
    const a = await redeem(mug.id);
    const b = await redeem(voucher.id);
    expect((await readAccount(db(), p.id)).balance).toBe(80n);
    const queue = (await opCall(t, op, 'GET', '/wps/ops/rewards/redemptions')).json().value;
    expect(queue.list.map((x: { orderNo: string }) => x.orderNo)).toEqual(expect.arrayContaining([a, b]));

    const stock = async (id: string) => (await db().select({ s: pointRewards.stock }).from(pointRewards).where(eq(pointRewards.id, BigInt(id))))[0].s;
    expect(await stock(mug.id)).toBe(9);
    const rej = await Promise.all([0, 1].map(() => opCall(t, op, 'POST', '/wps/ops/rewards/redemptions/review', { orderNo: a, decision: 'reject' })));
    expect(rej.map((r) => r.json().value.status)).toEqual(['rejected', 'rejected']);
    expect((await readAccount(db(), p.id)).balance).toBe(90n);
    expect(await stock(mug.id)).toBe(10);
    expect((await opCall(t, op, 'POST', '/wps/ops/rewards/redemptions/review', { orderNo: a, decision: 'approve' })).json().errorCode).toBe('points.redemption.reviewed');

    const before = await mainBalance(t, p);
    expect((await opCall(t, op, 'POST', '/wps/ops/rewards/redemptions/review', { orderNo: b, decision: 'approve' })).json().value.status).toBe('approved');
    expect(await mainBalance(t, p)).toBe(before + 500n);
    expect((await opCall(t, op, 'POST', '/wps/ops/rewards/redemptions/review', { orderNo: 'P-none', decision: 'approve' })).json().errorCode).toBe('points.redemption.not.found');
    const [first] = (await auditRows(t, 'rewards.redemption.reject', a)).sort((x, y) => Number(x.id - y.id));
    expect(first).toMatchObject({ before: { status: 'process' }, after: { status: 'rejected' } });
    expect((await auditRows(t, 'rewards.redemption.approve', b))[0].after).toMatchObject({ status: 'approved', voucherAmount: '5.00' });
    expect((await ledgerAudit(db(), p.brandId)).entrySum).toBe(0n);
  });
});
