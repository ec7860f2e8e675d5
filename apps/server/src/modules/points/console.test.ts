import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { betRecords, operatorAudit, pointRewards } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { mainBalance, newPlayer, postEnc, postJson, rid, type Player } from '../cashier/testkit.ts';
import { lockAccount, postPoints, readAccount } from './ledger.ts';
import { audit as ledgerAudit } from '../../kernel/ledger/index.ts';
import { newOp, opCall } from '../operator/testkit.ts';

const t = useTestApp();
const PIN = '246810';
const db = () => t.database.db;

const auditRows = async (action: string, target?: string) =>
  (await db().select().from(operatorAudit)).filter((r) => r.action === action && (target === undefined || r.target === target));
const member = (p: Player, url: string, lang = 'EN') => t.call({ method: 'GET', url, merchant: p.merchant, token: p.token, language: lang, headers: { language: lang } });

let seq = 0;
async function bet(p: Player) {
  const at = new Date(Date.now() - 1000);
  await db().insert(betRecords).values({ merchantId: p.brandId, memberId: p.id, orderNo: `rw-${p.id}-${++seq}`, vendor: 'DEMO', game: 'g1',
    gameType: 'RNG', roundId: `rw${seq}`, bet: 100n, validBet: 100n, status: 'settled', betAt: at, settledAt: at });
}

describe('console missions', () => {
  it('adds a mission members see at once; editing never pays a claim twice; disabling hides it; all audited', async () => {
    const op = await newOp(t, 'content');
    const body = { kind: 'betCount', period: 'daily', title: { ES: 'Juegue una ronda', EN: 'Play one round' }, target: '1', reward: '2.50' };
    const made = await opCall(t, op, 'POST', '/wps/ops/rewards/missions', body);
    expect(made.statusCode, made.body).toBe(200);
    const m = made.json().value;
    expect(m).toMatchObject({ kind: 'betCount', target: '1', reward: '2.50', enabled: true, claims: 0 });
    const p = await newPlayer(t);
    const seen = (await member(p, '/wps/relay/MISSIONFE_getSummary')).json().value.list;
    expect(seen.find((x: { id: string }) => x.id === m.id)).toMatchObject({ title: 'Play one round', status: 'progress', reward: '2.50' });

    await bet(p);
    expect((await postJson(t, p, '/wps/relay/MISSIONFE_claim', { missionId: m.id })).json().value.status).toBe('claimed');
    const paid = await mainBalance(t, p);
    expect(paid).toBe(250n);

    // target and reward change: the claim of this period stays as paid and is not paid again
    const edited = await opCall(t, op, 'POST', '/wps/ops/rewards/missions', { ...body, id: m.id, reward: '9', target: '1' });
    expect(edited.json().value).toMatchObject({ reward: '9.00', claims: 1 });
    const again = (await postJson(t, p, '/wps/relay/MISSIONFE_claim', { missionId: m.id })).json().value;
    expect(again).toMatchObject({ status: 'claimed', reward: '2.50' });
    expect(await mainBalance(t, p)).toBe(paid);
    // a new period key (weekly) would pay the same work again: refused once claimed
    expect((await opCall(t, op, 'POST', '/wps/ops/rewards/missions', { ...body, id: m.id, period: 'weekly' })).json().errorCode).toBe('operator.rewards.mission.claimed');

    const off = await opCall(t, op, 'POST', '/wps/ops/rewards/missions/enabled', { id: m.id, enabled: false });
    expect(off.json().value.enabled).toBe(false);
    const after = (await member(p, '/wps/relay/MISSIONFE_getSummary')).json().value.list;
    expect(after.some((x: { id: string }) => x.id === m.id)).toBe(false);
    expect((await postJson(t, p, '/wps/relay/MISSIONFE_claim', { missionId: m.id })).json().errorCode).toBe('mission.not.found');
    const listed = (await opCall(t, op, 'GET', '/wps/ops/rewards/missions')).json().value;
    expect(listed.find((x: { id: string }) => x.id === m.id)).toMatchObject({ enabled: false, claims: 1 });

    expect(await auditRows('rewards.mission.create', m.id)).toHaveLength(1);
    const [upd] = await auditRows('rewards.mission.update', m.id);
    expect(upd.before).toMatchObject({ reward: '2.50' });
    expect(upd.after).toMatchObject({ reward: '9.00' });
    expect((await auditRows('rewards.mission.disable', m.id))[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect((await ledgerAudit(db(), p.brandId)).entrySum).toBe(0n);
  });

  it('answers clear error codes for bad input', async () => {
    const op = await newOp(t, 'owner');
    const base = { kind: 'betCount', period: 'daily', title: { ES: 'a', EN: 'b' }, target: '3', reward: '1' };
    const code = async (b: object) => (await opCall(t, op, 'POST', '/wps/ops/rewards/missions', { ...base, ...b })).json().errorCode;
    expect(await code({ target: '1.5' })).toBe('operator.rewards.mission.target');
    expect(await code({ target: '0' })).toBe('operator.rewards.mission.target');
    expect(await code({ kind: 'validBet', target: '-10' })).toBe('wallet.amount.invalid');
    expect(await code({ reward: '-1' })).toBe('wallet.amount.invalid');
    expect(await code({ title: { ES: '', EN: 'x' } })).toBe('request_param_err');
    expect(await code({ period: 'yearly' })).toBe('request_param_err');
    expect(await code({ id: '999999999' })).toBe('mission.not.found');
    // money kinds take decimals and show them back
    expect((await opCall(t, op, 'POST', '/wps/ops/rewards/missions', { ...base, kind: 'validBet', target: '150.5' })).json().value.target).toBe('150.50');
  });
});

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
    const [u] = await auditRows('rewards.points.update', r.id);
    expect(u.before).toMatchObject({ stock: 2, cost: 10 });
    expect(u.after).toMatchObject({ stock: 5, cost: 12, name: { EN: 'Big mug' } });
    expect(await auditRows('rewards.points.create', r.id)).toHaveLength(1);
    expect(await auditRows('rewards.points.disable', r.id)).toHaveLength(1);
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
    const [first] = (await auditRows('rewards.redemption.reject', a)).sort((x, y) => Number(x.id - y.id));
    expect(first).toMatchObject({ before: { status: 'process' }, after: { status: 'rejected' } });
    expect((await auditRows('rewards.redemption.approve', b))[0].after).toMatchObject({ status: 'approved', voucherAmount: '5.00' });
    expect((await ledgerAudit(db(), p.brandId)).entrySum).toBe(0n);
  });
});

describe('console VIP levels', () => {
  it('edits thresholds, reward and labels; members see them at once; thresholds must increase', async () => {
    const op = await newOp(t, 'content');
    const levels = (await opCall(t, op, 'GET', '/wps/ops/rewards/vip')).json().value;
    expect(levels.map((l: { level: number }) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levels[1]).toMatchObject({ labels: { ES: 'VIP1', EN: 'VIP1' }, minDeposit: '100.00', minValidBet: '10.00', reward: '5.00' });
    const p = await newPlayer(t);
    const vip = async (lang: string) => (await member(p, '/wps/relay/VIPFE_getVip', lang)).json().value;
    expect((await vip('EN')).levels[1].label).toBe('VIP1'); // the levels are now remembered by the member side

    const save = (b: object) => opCall(t, op, 'POST', '/wps/ops/rewards/vip', { level: 1, labels: { ES: 'Bronce', EN: 'Bronze' }, minDeposit: '50', minValidBet: '10', reward: '7.5', ...b });
    const ok = await save({});
    expect(ok.json().value).toMatchObject({ level: 1, labels: { ES: 'Bronce', EN: 'Bronze' }, minDeposit: '50.00', reward: '7.50' });
    const en = await vip('EN');
    expect(en.levels[1]).toMatchObject({ label: 'Bronze', minDeposit: '50.00', reward: '7.50' });
    expect(en.next).toMatchObject({ level: 1, label: 'Bronze' });
    expect((await vip('ES')).levels[1].label).toBe('Bronce');

    expect((await save({ minDeposit: '1000' })).json()).toMatchObject({ errorCode: 'operator.rewards.vip.order' }); // = VIP2's 1,000.00
    expect((await save({ minValidBet: '0' })).json().errorCode).toBe('operator.rewards.vip.order'); // = VIP0's 0
    expect((await save({ level: 3, minDeposit: '500', minValidBet: '6000' })).json().errorCode).toBe('operator.rewards.vip.order');
    expect((await save({ level: 7 })).json()).toMatchObject({ errorCode: 'operator.rewards.vip.gap' });
    expect((await save({ reward: '-1' })).json().errorCode).toBe('wallet.amount.invalid');
    expect((await save({ labels: { ES: 'x' } })).json().errorCode).toBe('request_param_err');
    const top = await save({ level: 6, labels: { ES: 'Diamante', EN: 'Diamond' }, minDeposit: '500000', minValidBet: '2000000', reward: '10000' });
    expect(top.json().value).toMatchObject({ level: 6, paid: 0 });
    expect((await vip('EN')).levels.at(-1)).toMatchObject({ level: 6, label: 'Diamond' });

    const [u] = await auditRows('rewards.vip.update', 'VIP1');
    expect(u.before).toMatchObject({ minDeposit: '100.00', labels: { EN: 'VIP1' } });
    expect(u.after).toMatchObject({ minDeposit: '50.00', labels: { EN: 'Bronze' } });
    expect(await auditRows('rewards.vip.create', 'VIP6')).toHaveLength(1);
  });
});
