/** The console's VIP levels page (moved from the operator's rewards suite). */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { newPlayer, type Player } from '../../test/kits/cashier.ts';
import { newOp, opCall, auditRows } from '../../test/kits/operator.ts';

const t = useTestApp();

const member = (p: Player, url: string, lang = 'EN') => t.call({ method: 'GET', url, merchant: p.merchant, token: p.token, language: lang, headers: { language: lang } });

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

    const [u] = await auditRows(t, 'rewards.vip.update', 'VIP1');
    expect(u.before).toMatchObject({ minDeposit: '100.00', labels: { EN: 'VIP1' } });
    expect(u.after).toMatchObject({ minDeposit: '50.00', labels: { EN: 'Bronze' } });
    expect(await auditRows(t, 'rewards.vip.create', 'VIP6')).toHaveLength(1);
  });
});
