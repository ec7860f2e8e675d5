/** The console's missions page (moved from the operator's rewards suite). */
import { describe, expect, it } from 'vitest';
import { betRecords } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { mainBalance, newPlayer, postJson, type Player } from '../../test/kits/cashier.ts';
import { audit as ledgerAudit } from '../../kernel/ledger/index.ts';
import { newOp, opCall, auditRows } from '../../test/kits/operator.ts';

const t = useTestApp();
const db = () => t.database.db;

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

    expect(await auditRows(t, 'rewards.mission.create', m.id)).toHaveLength(1);
    const [upd] = await auditRows(t, 'rewards.mission.update', m.id);
    expect(upd.before).toMatchObject({ reward: '2.50' });
    expect(upd.after).toMatchObject({ reward: '9.00' });
    expect((await auditRows(t, 'rewards.mission.disable', m.id))[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
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
