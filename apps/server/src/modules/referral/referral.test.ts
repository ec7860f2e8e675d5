import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { referral } from '@lobby/contract';
import { referralRewards } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { mainBalance, newPlayer, operator, postJson, get, rid, type Player } from '../../test/kits/cashier.ts';
import { addMember, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { rewardsDue } from './rules.ts';
import { settleRecent } from './service.ts';

const t = useTestApp();

/** A member registered with `referrer`'s code: registration makes the referrer its upline. */
async function invitee(referrer: Player): Promise<Player> {
  const m = await addMember(t, referrer.merchant, { parent: referrer.username });
  return { id: m.id, token: await tokenFor(t, m.username, referrer.merchant), username: m.username, merchant: referrer.merchant, brandId: referrer.brandId };
}

/** A deposit made and confirmed through the cashier (SPEI / Santander takes any amount from 200.00). */
async function deposit(p: Player, amount: string) {
  const o = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount, requestId: rid() });
  expect(o.statusCode, o.body).toBe(200);
  const c = await operator(t, 'POST', '/wps/operator/deposit/confirm', { payload: { orderNo: o.json().value.orderNo } });
  expect(c.statusCode, c.body).toBe(200);
}

const info = async (p: Player) => (await get(t, p, '/wps/referral/info')).json().value as { invitations: number; depositedInvitations: number; totalIncome: string; earns: boolean; referralCode: string; invitePath: string };
const income = async (p: Player, page = 1) => (await get(t, p, `/wps/referral/income?page=${page}`)).json().value as { list: referral.IncomeItem[]; total: number; totalIncome: string };
const rewardRows = (referrerId: bigint) => t.database.db.select().from(referralRewards).where(eq(referralRewards.referrerId, referrerId));
const runJob = (now = new Date()) => t.database.db.transaction((tx) => settleRecent(t.app, tx, now));

describe('referral income rule (arithmetic)', () => {
  const rule = { firstDepositBps: 1_000, firstDepositMax: 10_000, thresholdAmount: 50_000, thresholdReward: 5_000 };
  it('percent of the first deposit rounded down and capped; threshold once reached', () => {
    expect(rewardsDue(rule, 25_050n, 25_050n)).toEqual([{ rule: 'first_deposit', basis: 25_050n, amount: 2_505n }]);
    expect(rewardsDue(rule, 999n, 999n)).toEqual([{ rule: 'first_deposit', basis: 999n, amount: 99n }]);
    expect(rewardsDue(rule, 5_000_000n, 5_000_000n)).toEqual([
      { rule: 'first_deposit', basis: 5_000_000n, amount: 10_000n }, { rule: 'threshold', basis: 5_000_000n, amount: 5_000n }]);
    expect(rewardsDue(rule, 20_000n, 49_999n).map((r) => r.rule)).toEqual(['first_deposit']);
    expect(rewardsDue(rule, 20_000n, 50_000n).map((r) => r.rule)).toEqual(['first_deposit', 'threshold']);
    expect(rewardsDue(rule, null, 0n)).toEqual([]);
    expect(rewardsDue({ ...rule, firstDepositBps: 0, thresholdReward: 0 }, 20_000n, 90_000n)).toEqual([]);
    // 1 bps of 0.99 is below one cent: nothing
    expect(rewardsDue({ ...rule, firstDepositBps: 1 }, 99n, 99n)).toEqual([]);
  });
  it('masks usernames', () => {
    expect(referral.maskUsername('player123')).toBe('pl***23');
    expect(referral.maskUsername('abcd')).toBe('a***d');
    expect(referral.maskUsername('ab')).toBe('a***');
  });
});

describe('referral page', () => {
  it('code, link, invitations with deposits and income paid by the default rule', async () => {
    const r = await newPlayer(t);
    const a = await invitee(r);
    const b = await invitee(r);
    const first = await info(r);
    expect(first).toMatchObject({ invitations: 2, depositedInvitations: 0, totalIncome: '0.00', earns: true });
    expect(first.invitePath).toBe(`/register?referralCode=${first.referralCode}`);

    await deposit(a, '250.50');
    expect(await info(r)).toMatchObject({ depositedInvitations: 1, totalIncome: '25.05' });
    expect(await mainBalance(t, r)).toBe(2_505n);
    await deposit(a, '300.00'); // 550.50 in all: the 500.00 threshold pays 50.00
    const inc = await income(r);
    expect(inc.totalIncome).toBe('75.05');
    expect(inc.list.map((i) => [i.rule, i.basis, i.amount])).toEqual([['threshold', '550.50', '50.00'], ['first_deposit', '250.50', '25.05']]);
    expect(inc.list[0].invitee).toBe(referral.maskUsername(a.username));
    expect(await mainBalance(t, r)).toBe(7_505n);

    const inv = (await get(t, r, '/wps/referral/invitations')).json().value;
    expect(inv.total).toBe(2);
    const byName = Object.fromEntries(inv.list.map((i: referral.Invitation) => [i.username, i]));
    expect(byName[referral.maskUsername(a.username)]).toMatchObject({ firstDeposit: true, totalDeposits: '550.50' });
    expect(byName[referral.maskUsername(b.username)]).toMatchObject({ firstDeposit: false, totalDeposits: '0.00' });
    expect(JSON.stringify(inv)).not.toContain(a.username);
    const ledger = await audit(t.database.db, r.brandId);
    expect(ledger).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('each reward is credited once: the job and page reads racing, run again and again', async () => {
    const r = await newPlayer(t);
    const a = await invitee(r);
    await deposit(a, '600.00');
    await Promise.all([runJob(), info(r), income(r), info(r), runJob()]);
    await runJob();
    await info(r);
    const rows = await rewardRows(r.id);
    expect(rows.map((w) => [w.rule, w.amount]).sort()).toEqual([['first_deposit', 6_000n], ['threshold', 5_000n]]);
    expect(await mainBalance(t, r)).toBe(11_000n);
    expect((await income(r)).total).toBe(2);
  });

  it('the job pays deposits of the last day without the referrer opening the page', async () => {
    const r = await newPlayer(t);
    const a = await invitee(r);
    await deposit(a, '200.00');
    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expect(await mainBalance(t, r)).toBe(2_000n);
    // a day later the same deposit is outside the job's window and nothing is paid twice anyway
    await runJob(new Date(Date.now() + 2 * 86_400_000));
    expect(await mainBalance(t, r)).toBe(2_000n);
  });

  it('follows the brand\'s own rule', async () => {
    const brand = brandOf(t);
    const before = brand.config.referral;
    brand.config.referral = { firstDepositBps: 2_500, firstDepositMax: 3_000, thresholdAmount: 0, thresholdReward: 0 };
    try {
      const r = await newPlayer(t);
      const a = await invitee(r);
      await deposit(a, '250.50'); // 25% = 62.62, capped at 30.00; no threshold part
      const v = await info(r);
      expect(v.totalIncome).toBe('30.00');
      expect((await get(t, r, '/wps/referral/info')).json().value.rule).toEqual({ firstDepositBps: 2_500, firstDepositMax: '30.00', thresholdAmount: '0.00', thresholdReward: '0.00' });
    } finally {
      brand.config.referral = before;
    }
  });

  it('agents see their invitations but earn no referral income', async () => {
    const agent = await newPlayer(t, 'demo', { type: 1 });
    const a = await invitee(agent);
    await deposit(a, '600.00');
    await runJob();
    expect(await info(agent)).toMatchObject({ invitations: 1, depositedInvitations: 1, totalIncome: '0.00', earns: false });
    expect(await rewardRows(agent.id)).toEqual([]);
    expect(await mainBalance(t, agent)).toBe(0n);
  });

  it('pages invitations 10 at a time', async () => {
    const r = await newPlayer(t);
    for (let i = 0; i < 12; i++) await invitee(r);
    const p2 = (await get(t, r, '/wps/referral/invitations?page=2')).json().value;
    expect(p2).toMatchObject({ page: 2, pageSize: 10, total: 12, totalPages: 2 });
    expect(p2.list).toHaveLength(2);
  });

  it('bad input and who may call', async () => {
    const r = await newPlayer(t);
    for (const page of ['0', '-1', 'x', '1.5']) {
      const res = await get(t, r, `/wps/referral/invitations?page=${page}`);
      expect([res.statusCode, res.json().errorCode]).toEqual([400, 'request_param_err']);
    }
    expect((await t.call({ method: 'GET', url: '/wps/referral/info', merchant: 'demo' })).statusCode).toBe(401);
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect((await get(t, trial, '/wps/referral/info')).json().errorCode).toBe('in_need_true_account');
    // luna has referral switched off
    const luna = await newPlayer(t, 'luna');
    expect((await get(t, luna, '/wps/referral/info')).json().errorCode).toBe('function.not.available');
    const rows = await t.database.db.select().from(referralRewards).where(and(eq(referralRewards.referrerId, r.id)));
    expect(rows).toEqual([]);
  });
});
