import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { errorMessage, okEnvelope, promotions as contract } from '@lobby/contract';
import { betRecords, members, promotions, turnoverRequirements } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, newPlayer, operator, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { audit, memberBalances } from '../../kernel/ledger/index.ts';
import { previousPeriod } from '../../kernel/brand-time/index.ts';

const t = useTestApp({ OPERATOR_API_KEY: 'demo:demo-operator-key,luna:luna-operator-key' });
const KEY = { demo: 'demo-operator-key', luna: 'luna-operator-key' } as const;

const bonusBalance = async (p: Player) => (await memberBalances(t.database.db, p.brandId, p.id)).find((b) => b.wallet === 'bonus')?.balance ?? 0n;
const promoId = async (merchant: string, category: string) => {
  const [row] = await t.database.db.select({ id: promotions.id }).from(promotions)
    .innerJoin(sql`merchants`, sql`merchants.id = ${promotions.merchantId}`)
    .where(and(sql`merchants.code = ${merchant}`, eq(promotions.category, category)));
  return String(row.id);
};
const join = (p: Player, promotionId: string) => postJson(t, p, '/wps/relay/PROMOFE_join', { promotionId });
const claim = (p: Player, promotionId: string) => postJson(t, p, '/wps/relay/PROMOFE_claim', { promotionId });
const mine = (p: Player, id: string) => get(t, p, `/wps/relay/PROMOFE_getPromotion?id=${id}`).then((r) => r.json().value.mine as contract.Mine);
async function deposit(p: Player, amount: string) {
  const o = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount, requestId: rid() });
  expect(o.statusCode).toBe(200);
  const c = await operator(t, 'POST', '/wps/operator/deposit/confirm', { merchant: p.merchant, key: KEY[p.merchant as 'demo'], payload: { orderNo: o.json().value.orderNo } });
  expect(c.statusCode).toBe(200);
}
let seq = 0;
async function bet(p: Player, gameType: string, validBet: bigint, settledAt: Date) {
  await t.database.db.insert(betRecords).values({ merchantId: p.brandId, memberId: p.id, orderNo: `promo-test-${p.id}-${++seq}`, vendor: 'DEMO', game: 'g1',
    gameType, roundId: `r${seq}`, bet: validBet, validBet, status: 'settled', betAt: settledAt, settledAt });
}

describe('activity labels (§4)', () => {
  const base: contract.LabelFacts = { now: 1000, startsAt: 0, endsAt: null, needsJoin: false, status: null, eligible: false, impossible: false };
  it('follows the state of the promotion and the member', () => {
    expect(contract.activityLabel({ ...base, startsAt: 2000 })).toBe('comingSoon');
    expect(contract.activityLabel({ ...base, endsAt: 500 })).toBe('closed');
    expect(contract.activityLabel({ ...base, needsJoin: true })).toBe('join');
    expect(contract.activityLabel({ ...base, needsJoin: true, status: 'joined' })).toBe('joined');
    expect(contract.activityLabel({ ...base, needsJoin: true, status: 'joined', eligible: true })).toBe('claim');
    expect(contract.activityLabel({ ...base })).toBe('process');
    expect(contract.activityLabel({ ...base, eligible: true })).toBe('claim');
    expect(contract.activityLabel({ ...base, impossible: true })).toBe('closed');
    expect(contract.activityLabel({ ...base, status: 'applying' })).toBe('applying');
    expect(contract.activityLabel({ ...base, status: 'issued', eligible: true })).toBe('issued');
    expect(contract.activityLabel({ ...base, status: 'rejected' })).toBe('rejected');
    expect(contract.activityLabel({ ...base, status: 'claimed', endsAt: 10 })).toBe('claimed');
  });
});

describe('promotions page', () => {
  it('lists the brand promotions by category in the asked language, labels only for members', async () => {
    const visitor = await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotions', language: 'EN' });
    const v = okEnvelope(contract.listPromotions.response).parse(visitor.json()).value;
    expect(v.list.map((p) => p.category)).toEqual(['deposit', 'newbie', 'live', 'rebate', 'appDownload', 'ranking', 'sports']);
    expect(v.categories[0]).toBe('all');
    expect(v.list[0]).toMatchObject({ title: 'Daily reload: 20% extra', mine: null, rule: { kind: 'deposit', bps: 2000, maxBonus: '500.00', minDeposit: '100.00' } });
    const live = (await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotions?type=live' })).json().value.list;
    expect(live).toHaveLength(1);
    expect(live[0].title).toContain('Reembolso');
    const pt = (await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotions?type=live&language=PT-BR' })).json().value.list;
    expect(pt[0].title).toBe('Cashback diário de 0,8% no cassino ao vivo');
    const p = await newPlayer(t);
    const labels = (await get(t, p, '/wps/relay/PROMOFE_getPromotions')).json().value.list.map((x: contract.Promotion) => x.mine?.label);
    expect(labels).toEqual(['join', 'process', 'process', 'process', 'join', 'process', 'comingSoon']);
  });

  it('shows one promotion with its rules text; unknown, other-brand and bad ids are refused', async () => {
    const id = await promoId('demo', 'deposit');
    const d = (await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_getPromotion?id=${id}` })).json().value;
    expect(d.content).toContain('<h3>');
    expect((await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_getPromotion?id=${id}`, merchant: 'luna' })).json().errorCode).toBe('promotion.not.found');
    expect((await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotion?id=999999' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotion?id=abc' })).json().errorCode).toBe('request_param_err');
    expect((await t.call({ method: 'GET', url: '/wps/relay/PROMOFE_getPromotions?type=nope' })).json().errorCode).toBe('request_param_err');
  });
});

describe('deposit bonus', () => {
  it('join, deposit, claim once (two concurrent claims pay once) into the bonus wallet with its turnover', async () => {
    const p = await newPlayer(t);
    const id = await promoId('demo', 'deposit');
    expect((await claim(p, id)).json().errorCode).toBe('promotion.not.eligible');
    const joined = await join(p, id);
    expect(joined.json().value).toMatchObject({ label: 'joined', amount: '0.00' });
    expect((await join(p, id)).json().value.label).toBe('joined');
    await deposit(p, '250.00');
    expect(await mine(p, id)).toMatchObject({ label: 'claim', amount: '50.00', basis: '250.00', turnoverRequired: '1500.00' });
    const info = async () => (await get(t, p, '/wps/member/info')).json().value.availablePromoCount;
    // the same first deposit also qualifies for the newbie bonus
    expect(await info()).toBe(2);
    const center = (await get(t, p, '/wps/relay/PROMOFE_getRewardCenter')).json().value;
    expect(center.availableCount).toBe(2);
    expect(center.list.filter((x: contract.Promotion) => x.mine?.label === 'claim').map((x: contract.Promotion) => x.category)).toEqual(['deposit', 'newbie']);

    const [a, b] = await Promise.all([claim(p, id), claim(p, id)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({ label: 'claimed', amount: '50.00', turnoverRequired: '1500.00' });
    expect(b.json().value).toEqual(a.json().value);
    expect((await claim(p, id)).json().value).toEqual(a.json().value);
    expect(await bonusBalance(p)).toBe(5000n);
    const tr = await t.database.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, p.id));
    expect(tr).toHaveLength(1);
    expect(tr[0]).toMatchObject({ required: 150000n, progress: 0n, source: `promotion:${id}` });
    expect(await info()).toBe(1);
    const list = (await get(t, p, '/wps/relay/PROMOFE_getClaimList')).json().value.list;
    expect(list[0]).toMatchObject({ promotionId: id, status: 'claimed', amount: '50.00' });
    expect(await audit(t.database.db, p.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('a deposit made before joining does not count', async () => {
    const p = await newPlayer(t);
    const id = await promoId('demo', 'deposit');
    await deposit(p, '300.00');
    await join(p, id);
    expect((await mine(p, id)).label).toBe('joined');
  });
});

describe('newbie bonus', () => {
  it('pays 100% of the first deposit made within 7 days of signing up, capped', async () => {
    const p = await newPlayer(t);
    const id = await promoId('demo', 'newbie');
    expect((await join(p, id)).json().errorCode).toBe('promotion.join.not.needed');
    await deposit(p, '300.00');
    await deposit(p, '5000.00');
    expect(await mine(p, id)).toMatchObject({ label: 'claim', amount: '300.00', basis: '300.00', turnoverRequired: '6000.00' });
    expect((await claim(p, id)).json().value.label).toBe('claimed');
    expect(await bonusBalance(p)).toBe(30000n);
  });

  it('is closed for accounts older than the window', async () => {
    const p = await newPlayer(t);
    await t.database.db.update(members).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(members.id, p.id));
    const id = await promoId('demo', 'newbie');
    expect((await mine(p, id)).label).toBe('closed');
    expect((await claim(p, id)).json().errorCode).toBe('promotion.not.eligible');
  });
});

describe('rebate on valid bet', () => {
  it('pays the percent of the previous brand day valid bet, by game type, from the minimum on', async () => {
    const p = await newPlayer(t);
    const brand = t.app.brands.byMerchantCode('demo')!;
    const prev = previousPeriod('daily', new Date(), brand.config.gmtOffsetMinutes);
    const live = await promoId('demo', 'live');
    const all = await promoId('demo', 'rebate');
    await bet(p, 'LIVE', 5_000n, new Date(prev.start.getTime() + 60_000));
    expect((await mine(p, live)).label).toBe('process'); // 50.00 < 100.00 minimum
    await bet(p, 'LIVE', 15_000n, new Date(prev.end.getTime() - 60_000));
    await bet(p, 'RNG', 10_000n, new Date(prev.start.getTime() + 120_000));
    await bet(p, 'LIVE', 99_999n, new Date(prev.end.getTime() + 60_000)); // today: not yet
    expect(await mine(p, live)).toMatchObject({ label: 'claim', basis: '200.00', amount: '1.60', turnoverRequired: '1.60' });
    expect(await mine(p, all)).toMatchObject({ label: 'claim', basis: '300.00', amount: '1.50' });
    expect((await claim(p, live)).json().value).toMatchObject({ label: 'claimed', amount: '1.60', periodKey: prev.key });
    expect(await bonusBalance(p)).toBe(160n);
  });
});

describe('ranking', () => {
  it('pays the prize of each place of the previous week by valid bet; others stay in process', async () => {
    const brand = t.app.brands.byMerchantCode('demo')!;
    const prev = previousPeriod('weekly', new Date(), brand.config.gmtOffsetMinutes);
    const id = await promoId('demo', 'ranking');
    const [first, second, fourth] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const third = await newPlayer(t);
    const at = new Date(prev.start.getTime() + 3_600_000);
    await bet(first, 'RNG', 9_000_000_000n, at);
    await bet(second, 'LIVE', 8_000_000_000n, at);
    await bet(third, 'RNG', 7_000_000_000n, at);
    await bet(fourth, 'RNG', 6_000_000_000n, at);
    await bet(fourth, 'RNG', 9_999_000_000n, new Date(prev.end.getTime() + 60_000)); // this week: judged next Monday
    expect(await mine(first, id)).toMatchObject({ label: 'claim', amount: '500.00', rank: 1, basis: '90000000.00' });
    expect(await mine(second, id)).toMatchObject({ label: 'claim', amount: '300.00', rank: 2 });
    expect(await mine(fourth, id)).toMatchObject({ label: 'process', amount: '0.00', rank: null });
    expect((await claim(fourth, id)).json().errorCode).toBe('promotion.not.eligible');
    expect((await claim(second, id)).json().value).toMatchObject({ label: 'claimed', amount: '300.00', rank: 2, turnoverRequired: '300.00' });
    expect(await bonusBalance(second)).toBe(30000n);
  });
});

describe('app download (applying, issued, rejected)', () => {
  it('applies, is reviewed by the operator, then claims the fixed amount once', async () => {
    const p = await newPlayer(t);
    const q = await newPlayer(t);
    const id = await promoId('demo', 'appDownload');
    expect((await join(p, id)).json().value).toMatchObject({ label: 'applying', amount: '18.00' });
    expect((await claim(p, id)).json().errorCode).toBe('promotion.not.eligible');
    await join(q, id);
    const apps = (await operator(t, 'GET', '/wps/operator/promotions/applications', { key: KEY.demo })).json().value.list;
    const mineApp = apps.find((a: { username: string }) => a.username === p.username);
    const other = apps.find((a: { username: string }) => a.username === q.username);
    const review = (claimId: string, approve: boolean, merchant = 'demo') =>
      operator(t, 'POST', '/wps/operator/promotions/review', { merchant, key: KEY[merchant as 'demo'], payload: { claimId, approve } });
    expect((await review(mineApp.id, true, 'luna')).json().errorCode).toBe('promotion.not.found');
    expect((await review(mineApp.id, true)).json().value.status).toBe('issued');
    expect((await review(mineApp.id, false)).json().errorCode).toBe('promotion.review.done');
    expect((await review(other.id, false)).json().value.status).toBe('rejected');
    expect((await mine(p, id)).label).toBe('issued');
    expect((await mine(q, id)).label).toBe('rejected');
    expect((await claim(p, id)).json().value).toMatchObject({ label: 'claimed', amount: '18.00', turnoverRequired: '54.00' });
    expect((await claim(q, id)).json().errorCode).toBe('promotion.not.eligible');
    expect(await bonusBalance(p)).toBe(1800n);
    expect((await operator(t, 'GET', '/wps/operator/promotions/applications', { key: null })).json().errorCode).toBe('cashier.operator.unauthorized');
  });
});

describe('rules of access', () => {
  it('coming soon cannot be joined; other brands, visitors, trials and bad bodies are refused', async () => {
    const p = await newPlayer(t);
    expect((await join(p, await promoId('demo', 'sports'))).json().errorCode).toBe('promotion.not.started');
    const luna = await newPlayer(t, 'luna');
    expect((await claim(luna, await promoId('demo', 'deposit'))).json().errorCode).toBe('promotion.not.found');
    expect((await t.call({ method: 'POST', url: '/wps/relay/PROMOFE_claim', payload: { promotionId: '1' } })).statusCode).toBe(401);
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect((await claim(trial, await promoId('demo', 'deposit'))).json().errorCode).toBe('in_need_true_account');
    for (const body of [{}, { promotionId: 'x' }, { promotionId: '0' }, { promotionId: -1 }, { promotionId: '1'.repeat(30) }]) {
      const r = await postJson(t, p, '/wps/relay/PROMOFE_claim', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errorCode).toBe('request_param_err');
    }
  });
});

describe('operator promotions', () => {
  const create = (payload: object, merchant = 'demo', key: string | null = KEY.demo) =>
    operator(t, 'POST', '/wps/operator/promotions/create', { merchant, key, payload });
  const base = {
    category: 'slots', startsAt: new Date(Date.now() - 60_000).toISOString(), title: { ES: 'Recarga de tragamonedas', EN: 'Slots reload' },
    content: { ES: '<p>Reglas</p><script>alert(1)</script>' }, image: '/wps/announcements/art/slots.svg',
    rule: { kind: 'deposit', period: 'once', bps: 5000, maxBonus: '100', minDeposit: '200.50', turnoverMultiple: 3 },
  };

  it('publishes a promotion for its brand only, checks the rule against its kind, and switches it off', async () => {
    const res = await create(base);
    expect(res.statusCode).toBe(200);
    const made = res.json().value;
    expect(made).toMatchObject({ title: 'Slots reload', category: 'slots', rule: { kind: 'deposit', bps: 5000, maxBonus: '100.00', minDeposit: '200.50' } });
    const p = await newPlayer(t);
    expect(await mine(p, made.id)).toMatchObject({ label: 'join' });
    // stored as sent: every client sanitises at render
    expect((await get(t, p, `/wps/relay/PROMOFE_getPromotion?id=${made.id}&language=EN`)).json().value.content).toContain('<p>Reglas</p>');
    expect((await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_getPromotion?id=${made.id}`, merchant: 'luna' })).json().errorCode).toBe('promotion.not.found');

    expect((await create({ ...base, rule: { ...base.rule, bps: 0 } })).json()).toMatchObject({ errorCode: 'promotion.rule.invalid', message: expect.stringContaining('porcentaje') });
    expect((await create({ ...base, rule: { kind: 'appDownload', period: 'once' } })).json().errorCode).toBe('promotion.rule.invalid');
    expect((await create({ ...base, rule: { kind: 'ranking', period: 'weekly', prizes: [] } })).json().errorCode).toBe('promotion.rule.invalid');
    expect((await create({ ...base, endsAt: base.startsAt })).json().errorCode).toBe('promotion.rule.invalid');
    for (const bad of [{ ...base, category: 'all' }, { ...base, title: {} }, { ...base, image: 'javascript:alert(1)' },
      { ...base, rule: { ...base.rule, maxBonus: '-5' } }, { ...base, rule: { ...base.rule, maxBonus: '1.234' } }, { ...base, startsAt: 'tomorrow' }]) {
      expect((await create(bad)).json().errorCode, JSON.stringify(bad).slice(0, 80)).toBe('request_param_err');
    }
    expect((await create(base, 'demo', null)).json().errorCode).toBe('cashier.operator.unauthorized');
    expect((await create(base, 'demo', KEY.luna)).json().errorCode).toBe('cashier.operator.unauthorized');

    const off = (id: string, enabled: boolean, merchant = 'demo') =>
      operator(t, 'POST', '/wps/operator/promotions/enabled', { merchant, key: KEY[merchant as 'demo'], payload: { id, enabled } });
    expect((await off(made.id, false, 'luna')).json().errorCode).toBe('promotion.not.found');
    expect((await off(made.id, false)).json().value).toEqual({ id: made.id, enabled: false });
    expect((await join(p, made.id)).json().errorCode).toBe('promotion.not.found');
    const list = (await get(t, p, '/wps/relay/PROMOFE_getPromotions')).json().value.list;
    expect(list.some((x: contract.Promotion) => x.id === made.id)).toBe(false);
  });
});

describe('promotion.rule.invalid in the request\'s language', () => {
  const create = (language: 'ES' | 'EN', payload: object) =>
    t.call({ method: 'POST', url: '/wps/operator/promotions/create', language, headers: { 'x-operator-key': KEY.demo }, payload });
  const startsAt = new Date(Date.now() - 60_000).toISOString();
  const base = { category: 'slots', startsAt, title: { ES: 'Regla', EN: 'Rule' }, rule: { kind: 'deposit', period: 'once', bps: 5000 } };

  it('names the rule field at fault in Spanish for a Spanish request and in English for an English one', async () => {
    const cases: [object, string, string][] = [
      [{ rule: { kind: 'deposit', period: 'once' } }, 'indique su porcentaje (mayor que 0)', 'set its percentage (above 0)'],
      [{ rule: { kind: 'appDownload', period: 'once' } }, 'indique su importe fijo (mayor que 0)', 'set its fixed amount (above 0)'],
      [{ rule: { kind: 'ranking', period: 'weekly', prizes: [] } }, 'indique el premio de cada puesto (cada uno mayor que 0)', 'set the prize of each place (each above 0)'],
      [{ rule: { kind: 'ranking', period: 'once', prizes: ['10'] } }, 'elija otro periodo', 'choose another period'],
      [{ rule: { kind: 'newbie', period: 'once', bps: 1000 } }, 'indique los días desde el registro', 'set the days since sign-up'],
      [{ endsAt: startsAt }, 'el fin debe ser posterior al inicio', 'the end must come after the start'],
    ];
    for (const [change, es, en] of cases) {
      const r = await create('ES', { ...base, ...change });
      expect(r.statusCode, es).toBe(400);
      expect(r.json()).toMatchObject({ success: false, errorCode: 'promotion.rule.invalid', message: `Esta regla no corresponde a su tipo: ${es}` });
      expect((await create('EN', { ...base, ...change })).json()).toMatchObject({ errorCode: 'promotion.rule.invalid', message: `This rule does not fit its kind: ${en}` });
    }
  });

  it('a reason without words is written as it is', () => {
    expect(errorMessage('promotion.rule.invalid', 'ES', { reason: 'gameTypes' })).toBe('Esta regla no corresponde a su tipo: gameTypes');
  });
});
