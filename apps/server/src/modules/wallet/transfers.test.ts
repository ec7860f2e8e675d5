import { describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { postings } from '../../db/ledger-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, memberBalances } from '../../kernel/ledger/index.ts';
import { addMember, api, brandOf, fund, memberId, rid, tokenFor } from '../../test/kits/wallet.ts';
import { transferToDownline } from './transfers.ts';
import { loadPrincipal } from '../../plugins/session.ts';
import type { FastifyRequest } from 'fastify';
import { setPaymentPassword } from '../cashier/index.ts';
import { encPost } from '../../test/kits/session.ts';

const t = useTestApp();
const TRANSFER = '/wps/relay/GCS_walletTransfer';
const RECALL = '/wps/relay/GCS_walletRecallAll';
const UPLINE = '/wps/relay/GCS_transferUpline';
const AGENT = '/wps/agent/transfer';

async function balances(username: string, code = 'demo') {
  const rows = await memberBalances(t.database.db, brandOf(t, code).id, await memberId(t, username, code));
  return Object.fromEntries(rows.map((r) => [r.wallet, r.balance]));
}

const principalOf = async (token: string, code = 'demo') =>
  (await loadPrincipal(t.database.db, { headers: { authorization: token }, brand: brandOf(t, code) } as unknown as FastifyRequest))!;

/** Transfer to upline: an encrypted call with the withdrawal password. */
const upline = (token: string, body: object, code = 'demo') => encPost(t, UPLINE, body, { token, merchant: code });

async function funded(minor: bigint, opts: { type?: number; parent?: string; code?: string } = {}) {
  const code = opts.code ?? 'demo';
  const m = await addMember(t, code, opts);
  if (minor > 0n) await fund(t, m.username, minor, code);
  return { ...m, token: await tokenFor(t, m.username, code) };
}

describe('transfer between main and game wallets', () => {
  it('moves money both ways and answers the balances after', async () => {
    const m = await funded(10_000n);
    const r = await api(t, m.token, 'POST', TRANSFER, { from: 'main', to: 'game:RNG-AURORA', amount: '30.5', requestId: rid() });
    expect(r.statusCode).toBe(200);
    expect(r.json().value).toMatchObject({ from: 'main', to: 'game:RNG-AURORA', amount: '30.50', fromBalance: '69.50', toBalance: '30.50' });
    const back = await api(t, m.token, 'POST', TRANSFER, { from: 'game:RNG-AURORA', to: 'main', amount: 10, requestId: rid() });
    expect(back.json().value).toMatchObject({ fromBalance: '20.50', toBalance: '79.50' });
    expect(await balances(m.username)).toEqual({ main: 7950n, 'game:RNG-AURORA': 2050n });
  });

  it.each([['-1'], ['0'], ['1.234'], ['1e9'], ['99999999999999999'], ['abc'], [''], [-3], [0.001]])('refuses the amount %s and moves nothing', async (amount) => {
    const m = await funded(10_000n);
    const r = await api(t, m.token, 'POST', TRANSFER, { from: 'main', to: 'game:RNG-AURORA', amount, requestId: rid() });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorCode).toBe('wallet.amount.invalid');
    expect(await balances(m.username)).toEqual({ main: 10_000n });
  });

  it('refuses bad wallets, missing fields, and insufficient funds', async () => {
    const m = await funded(1_000n);
    const bad = async (body: object) => (await api(t, m.token, 'POST', TRANSFER, { amount: '1', requestId: rid(), ...body })).json().errorCode;
    expect(await bad({ from: 'main', to: 'main' })).toBe('wallet.account.invalid');
    expect(await bad({ from: 'game:RNG-A1', to: 'game:LIVE-B2' })).toBe('wallet.account.invalid');
    expect(await bad({ from: 'main', to: 'game:rng-lower' })).toBe('wallet.account.invalid');
    expect(await bad({ from: 'main', to: 'bonus' })).toBe('wallet.account.invalid');
    expect(await bad({ from: 'main', to: 'game:CASINO-X1' })).toBe('wallet.account.invalid');
    expect(await bad({ from: 'main', to: 'game:RNG-AURORA', requestId: 'x' })).toBe('request_param_err');
    expect(await bad({ from: 'main', to: 'game:RNG-AURORA', amount: '10.01' })).toBe('wallet.insufficient.funds');
    expect(await bad({ from: 'game:RNG-AURORA', to: 'main' })).toBe('wallet.insufficient.funds');
    expect(await balances(m.username)).toMatchObject({ main: 1_000n });
  });

  it('is refused on a single-wallet brand', async () => {
    const m = await funded(5_000n, { code: 'luna' });
    const r = await api(t, m.token, 'POST', TRANSFER, { from: 'main', to: 'game:RNG-AURORA', amount: '1', requestId: rid() }, 'luna');
    expect(r.json().errorCode).toBe('wallet.single');
    expect((await api(t, m.token, 'POST', RECALL, { requestId: rid() }, 'luna')).json().errorCode).toBe('wallet.single');
  });

  it('a replay by requestId answers the first result and moves money once; another body with it is refused', async () => {
    const m = await funded(10_000n);
    const body = { from: 'main', to: 'game:SPORTS-SB1', amount: '20', requestId: rid() };
    const first = (await api(t, m.token, 'POST', TRANSFER, body)).json().value;
    const again = (await api(t, m.token, 'POST', TRANSFER, body)).json().value;
    expect(again).toEqual(first);
    expect(await balances(m.username)).toEqual({ main: 8_000n, 'game:SPORTS-SB1': 2_000n });
    const other = await api(t, m.token, 'POST', TRANSFER, { ...body, amount: '21' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('wallet.duplicate.reference');
    expect((await api(t, m.token, 'POST', RECALL, { requestId: body.requestId })).json().errorCode).toBe('wallet.duplicate.reference');
  });

  it('concurrent double submits move the money once', async () => {
    const m = await funded(10_000n);
    const body = { from: 'main', to: 'game:FISH-JILI', amount: '35', requestId: rid() };
    const rs = await Promise.all(Array.from({ length: 5 }, () => api(t, m.token, 'POST', TRANSFER, body)));
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(rs.map((r) => r.json().value.txId)).size).toBe(1);
    expect(await balances(m.username)).toEqual({ main: 6_500n, 'game:FISH-JILI': 3_500n });
    const id = await memberId(t, m.username);
    const [{ n }] = await t.database.db.select({ n: count() }).from(postings).where(like(postings.idemKey, `transfer:${id}:%`));
    expect(n).toBe(1);
  });

  it('recall all brings every game wallet back in one posting, idempotent per requestId', async () => {
    const m = await funded(10_000n);
    for (const to of ['game:RNG-AURORA', 'game:LIVE-EVO', 'game:PVP-KY']) {
      await api(t, m.token, 'POST', TRANSFER, { from: 'main', to, amount: '10', requestId: rid() });
    }
    const requestId = rid();
    const [a, b] = await Promise.all([api(t, m.token, 'POST', RECALL, { requestId }), api(t, m.token, 'POST', RECALL, { requestId })]);
    expect(a.json().value).toEqual(b.json().value);
    expect(a.json().value).toMatchObject({ amount: '30.00', mainBalance: '100.00', wallets: [
      { wallet: 'game:LIVE-EVO', amount: '10.00' }, { wallet: 'game:PVP-KY', amount: '10.00' }, { wallet: 'game:RNG-AURORA', amount: '10.00' }] });
    expect(await balances(m.username)).toEqual({ main: 10_000n, 'game:RNG-AURORA': 0n, 'game:LIVE-EVO': 0n, 'game:PVP-KY': 0n });
    expect((await api(t, m.token, 'POST', RECALL, { requestId })).json().value).toEqual(a.json().value);
    const empty = (await api(t, m.token, 'POST', RECALL, { requestId: rid() })).json().value;
    expect(empty).toMatchObject({ txId: null, amount: '0.00', mainBalance: '100.00', wallets: [] });
  });
});

describe('transfer to upline', () => {
  it('moves money to the direct upline with the withdrawal password, once per requestId', async () => {
    const m = await funded(5_000n, { parent: 'agent01' });
    await setPaymentPassword(t.database.db, await principalOf(m.token), { newPassword: '246810', confirmPassword: '246810' });
    const before = (await balances('agent01')).main ?? 0n;
    const body = { amount: '12.34', requestId: rid(), paymentPassword: '246810' };
    const r = await upline(m.token, body);
    expect(r.json().value).toMatchObject({ from: m.username, to: 'agent01', amount: '12.34', fromBalance: '37.66' });
    expect((await upline(m.token, body)).json().value).toEqual(r.json().value);
    expect((await balances('agent01')).main).toBe(before + 1_234n);
    const wrong = await upline(m.token, { ...body, requestId: rid(), paymentPassword: '111111' });
    expect(wrong.json()).toMatchObject({ errorCode: 'cashier.payment.password.invalid', value: { attemptsLeft: 4 } });
    expect((await t.call({ method: 'POST', url: UPLINE, token: m.token, payload: body })).json().errorCode).toBe('crypto.required');
    expect((await balances(m.username)).main).toBe(3_766n);
  });

  it('refuses members without upline or password, bad amounts, overdrafts, and brands with the module off', async () => {
    const orphan = await funded(5_000n);
    expect((await upline(orphan.token, { amount: '1', requestId: rid(), paymentPassword: '246810' })).json().errorCode).toBe('wallet.upline.none');
    const m = await funded(100n, { parent: 'agent01' });
    expect((await upline(m.token, { amount: '1', requestId: rid(), paymentPassword: '246810' })).json().errorCode).toBe('cashier.payment.password.required');
    await setPaymentPassword(t.database.db, await principalOf(m.token), { newPassword: '246810', confirmPassword: '246810' });
    expect((await upline(m.token, { amount: '0', requestId: rid(), paymentPassword: '246810' })).json().errorCode).toBe('wallet.amount.invalid');
    expect((await upline(m.token, { amount: '1.01', requestId: rid(), paymentPassword: '246810' })).json().errorCode).toBe('wallet.insufficient.funds');
    const l = await funded(5_000n, { parent: 'agent01', code: 'luna' });
    expect((await upline(l.token, { amount: '1', requestId: rid(), paymentPassword: '246810' }, 'luna')).json().errorCode).toBe('function.not.available');
  });
});

describe('agent transfer to downline', () => {
  it('an agent pays its direct and deep downline; a retry moves nothing', async () => {
    await fund(t, 'agent01', 100_000n);
    const token = await tokenFor(t, 'agent01');
    const direct = await addMember(t, 'demo', { parent: 'agent01' });
    const deep = await addMember(t, 'demo', { parent: 'subagent01' });
    const body = { downlineId: String(direct.id), amount: '100', requestId: rid() };
    const r = await api(t, token, 'POST', AGENT, body);
    expect(r.statusCode).toBe(200);
    expect(r.json().value).toMatchObject({ from: 'agent01', to: direct.username, amount: '100.00', toBalance: '100.00' });
    expect((await api(t, token, 'POST', AGENT, body)).json().value).toEqual(r.json().value);
    expect((await api(t, token, 'POST', AGENT, { downlineId: String(deep.id), amount: '5', requestId: rid() })).json().value.toBalance).toBe('5.00');
    expect(await balances(direct.username)).toEqual({ main: 10_000n });
  });

  it('refuses members outside the team, other brands, non-agents, and itself', async () => {
    const token = await tokenFor(t, 'agent01');
    const otherAgent = await addMember(t, 'demo', { type: 1 });
    const stranger = await addMember(t, 'demo', { parent: otherAgent.username });
    const lunaMember = await memberId(t, 'player01', 'luna');
    const self = await memberId(t, 'agent01');
    const refuse = async (tok: string, downlineId: string) => (await api(t, tok, 'POST', AGENT, { downlineId, amount: '1', requestId: rid() })).json().errorCode;
    expect(await refuse(token, String(stranger.id))).toBe('wallet.downline.invalid');
    expect(await refuse(token, String(lunaMember))).toBe('wallet.downline.invalid');
    expect(await refuse(token, String(self))).toBe('wallet.downline.invalid');
    expect(await refuse(token, '99999999999')).toBe('wallet.downline.invalid');
    expect(await refuse(token, '9999999999999999999')).toBe('wallet.downline.invalid');
    const player = await tokenFor(t, 'player01');
    expect(await refuse(player, String(await memberId(t, 'weak01')))).toBe('login.non.agent');
    // the other brand's agent01 cannot reach the demo brand's team either
    const lunaAgent = await tokenFor(t, 'agent01', 'luna');
    const r = await api(t, lunaAgent, 'POST', AGENT, { downlineId: String(await memberId(t, 'player01')), amount: '1', requestId: rid() }, 'luna');
    expect(r.json().errorCode).toBe('wallet.downline.invalid');
  });

  it('transferToDownline is callable from other modules with minor units', async () => {
    const token = await tokenFor(t, 'subagent01');
    await fund(t, 'subagent01', 1_000n);
    const down = await addMember(t, 'demo', { parent: 'subagent01' });
    const brand = brandOf(t);
    const p = await principalOf(token);
    const r = await transferToDownline(t.database.db, brand, p, down.id, 250n, rid());
    expect(r.toBalance).toBe('2.50');
    await expect(transferToDownline(t.database.db, brand, p, down.id, 0n, rid())).rejects.toMatchObject({ code: 'wallet.amount.invalid' });
  });

  it('keeps the ledger invariants', async () => {
    for (const code of ['demo', 'luna']) {
      expect(await audit(t.database.db, brandOf(t, code).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
    const [{ n }] = await t.database.db.select({ n: count() }).from(postings).where(eq(postings.kind, 'transfer'));
    expect(n).toBeGreaterThan(0);
  });
});
