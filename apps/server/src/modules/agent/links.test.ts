import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { affiliateAttribution, affiliateClicks, depositOrders } from '../../db/schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { encPost, freshIp, memberRow } from '../../test/kits/session.ts';
import { api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { brandDate } from '../../kernel/brand-time/index.ts';
import { insertBet } from './testkit.ts';
import { rollup } from './rollup.ts';
import { isBot } from './links.ts';
import { csvCell } from './export.ts';

/** Tracked links (issue 25 item 1): clicks, attribution, the per-day link rollup and the links report. */
const t = useTestApp({ TRUST_PROXY: true });
const db = () => t.database.db;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const LATER = () => new Date(Date.now() + 3_600_000);
const runRollup = () => runExclusive(db(), { name: 'agent.rollup.links', everyMs: 1, run: (tx, now) => rollup(tx, now) }, LATER());

const click = (body: object, ip: string, ua = CHROME) =>
  t.call({ method: 'POST', url: '/wps/aff/click', payload: body, headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
const reg = (username: string, body: object) =>
  encPost(t, '/wps/member/register', { username, password: 'Secret123', confirmPassword: 'Secret123', terms: true, ...body }, { ip: freshIp() });
const report = async (token: string, q = '') => {
  const today = brandDate(brandOf(t), new Date());
  const r = await api(t, token, 'GET', `/wps/relay/MCSFE_agentLinksReport?startDate=${today}&endDate=${today}${q}`);
  expect(r.statusCode).toBe(200);
  return r.json().value;
};

async function deposit(memberId: bigint, minor: bigint) {
  const b = brandOf(t);
  const orderNo = `D${randomUUID().slice(0, 12)}`;
  const now = new Date();
  await db().insert(depositOrders).values({
    merchantId: b.id, memberId, orderNo, requestId: randomUUID(), method: 'bank', channel: 'c', amount: minor, status: 'confirmed', expiresAt: now, closedAt: now,
  });
  await postAlone(db(), {
    merchantId: b.id, kind: 'deposit', idemKey: `deposit:${orderNo}`, memberId,
    lines: [{ account: await brandAccount(db(), b.id, 'clearing'), amount: -minor }, { account: await memberAccount(db(), b.id, memberId), amount: minor }], meta: {},
  });
}

describe('tracked links', () => {
  it('tells bots by user agent', () => {
    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'curl/8.4.0', 'Mozilla/5.0 (compatible; bingbot/2.0)', '']) expect(isBot(ua), ua).toBe(true);
    expect(isBot(CHROME)).toBe(false);
  });

  it('counts a click once per visitor a day, ignores bots, attributes the registration and rolls up registrations, FTD, deposits, GGR and NGR', async () => {
    const token = await tokenFor(t, 'agent01');
    const made = await api(t, token, 'POST', '/wps/relay/MCSFE_agentInviteCreate', { accountType: 'member', expiry: 'permanent', campaign: 'spring', subId: 'fb1' });
    expect(made.json().value).toMatchObject({ campaign: 'spring', subId: 'fb1' });
    const code = made.json().value.code as string;
    // bad campaign names are refused
    expect((await api(t, token, 'POST', '/wps/relay/MCSFE_agentInviteCreate', { accountType: 'member', expiry: 'permanent', campaign: 'a b<' })).statusCode).toBe(400);

    const ip = freshIp();
    const first = await click({ code, landing: '/rng?vassalage=PG' }, ip);
    expect(first.json().value).toMatchObject({ tracked: true });
    const clickId = first.json().value.clickId as string;
    // the same visitor again: the same click; another browser on the same address: a new visitor
    expect((await click({ code: code.toLowerCase() }, ip)).json().value.clickId).toBe(clickId);
    expect((await click({ code }, ip, `${CHROME} Edg/120`)).json().value.clickId).not.toBe(clickId);
    // a bot, an unknown code and a plain member's referral code are not tracked
    expect((await click({ code }, freshIp(), 'Googlebot/2.1')).json().value).toEqual({ tracked: false, clickId: null });
    expect((await click({ code: 'NOPE1234NOPE1234' }, freshIp())).json().value.tracked).toBe(false);
    expect((await click({ code: (await memberRow(t, 'player01')).referralCode! }, freshIp())).json().value.tracked).toBe(false);
    // the address's sub-ID wins over the link's; the permanent link (AGENT01) with a campaign
    await click({ code, sub: 'tt 9' }, freshIp());
    await click({ code: 'agent01', campaign: 'brand', sub: 'x' }, freshIp());
    expect(await db().select().from(affiliateClicks)).toHaveLength(4);

    const r = await reg('affvisitor1', { referralCode: code, clickId });
    expect(r.statusCode).toBe(200);
    const m = await memberRow(t, 'affvisitor1');
    const [attr] = await db().select().from(affiliateAttribution).where(eq(affiliateAttribution.memberId, m.id));
    expect(attr).toMatchObject({ campaign: 'spring', subId: 'fb1', clickId });
    // typed code without a click: attributed to the permanent link; another agent's click id is not taken
    await reg('affvisitor2', { referralCode: 'AGENT01', clickId: 'x'.repeat(22) });
    const m2 = await memberRow(t, 'affvisitor2');
    expect((await db().select().from(affiliateAttribution).where(eq(affiliateAttribution.memberId, m2.id)))[0]).toMatchObject({ linkKey: 0n, clickId: null, campaign: '' });

    await deposit(m.id, 50_00n);
    await deposit(m.id, 20_00n);
    await insertBet(db(), { merchantId: brandOf(t).id, memberId: m.id, at: new Date(), bet: 30_00n, win: 10_00n });
    await runRollup();
    await runRollup(); // twice changes nothing

    const v = await report(token);
    const row = v.list.find((x: { linkId: string; campaign: string; subId: string }) => x.linkId === made.json().value.id && x.subId === 'fb1');
    expect(row).toMatchObject({ code, campaign: 'spring', clicks: 2, registrations: 1, ftds: 1, deposits: '70.00', validBet: '30.00', ggr: '20.00', ngr: '20.00' });
    expect(v.list.find((x: { subId: string }) => x.subId === 'tt9')).toMatchObject({ clicks: 1, registrations: 0 });
    expect(v.list.find((x: { linkId: string; campaign: string }) => x.linkId === '0' && x.campaign === 'brand')).toMatchObject({ code: 'AGENT01', clicks: 1 });
    expect(v.list.find((x: { linkId: string; campaign: string }) => x.linkId === '0' && x.campaign === '')).toMatchObject({ registrations: 1 });
    expect(v.permanentCode).toBe('AGENT01');
    expect(v.totals).toMatchObject({ clicks: 4, registrations: 2, ftds: 1, deposits: '70.00' });
    expect(v.days).toHaveLength(1);
    expect(v.days[0].clicks).toBe(4);
    // filters
    expect((await report(token, '&campaign=spring')).totals.clicks).toBe(3);
    // another agent sees none of it
    expect((await report(await tokenFor(t, 'subagent01'))).totals.clicks).toBe(0);
    // a plain member may not read it
    expect((await api(t, await tokenFor(t, 'player01'), 'GET', `/wps/relay/MCSFE_agentLinksReport?startDate=${v.startDate}&endDate=${v.startDate}`)).json().errorCode).toBe('login.non.agent');
  });

  it('exports the reports as CSV, streamed, spreadsheet-safe, with the filters applied', async () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'a,b', 'say "hi"', 'plain', 12, null].map(csvCell))
      .toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", '"a,b"', '"say ""hi"""', 'plain', '12', '']);
    const token = await tokenFor(t, 'agent01');
    // a downline whose nickname is a formula
    const made = await api(t, token, 'POST', '/wps/relay/MCSFE_agentCreateDownline', { username: 'csvdown01', accountType: 'member' });
    expect(made.statusCode).toBe(200);
    await api(t, token, 'POST', '/wps/relay/MCSFE_agentEditNickname', { memberId: made.json().value.memberId, nickname: '=HYPERLINK("x")' });
    const today = brandDate(brandOf(t), new Date());
    const csv = await api(t, token, 'GET', '/wps/relay/MCSFE_agentExport?report=downlines&scope=direct&account=csvdown');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('account,nickname,isAgent,level,parentAccount,balance,teamSize,online,registeredAt,lastLoginAt');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^csvdown01,"'=HYPERLINK\(""x""\)",false,1,agent01,0\.00,0,false,/);
    for (const report of ['overview', 'pl', 'betting', 'links']) {
      const r = await api(t, token, 'GET', `/wps/relay/MCSFE_agentExport?report=${report}&startDate=${today}&endDate=${today}`);
      expect(r.statusCode, report).toBe(200);
      expect(r.body.split('\r\n')[0]!.length, report).toBeGreaterThan(10);
    }
    // errors stay JSON: no range, a range too long, a member outside the team, not an agent
    expect((await api(t, token, 'GET', '/wps/relay/MCSFE_agentExport?report=pl')).json().errorCode).toBe('request_param_err');
    expect((await api(t, token, 'GET', '/wps/relay/MCSFE_agentExport?report=pl&startDate=2026-01-01&endDate=2026-03-01')).json().errorCode).toBe('wallet.range.too.long');
    expect((await api(t, token, 'GET', `/wps/relay/MCSFE_agentExport?report=transactions&startDate=${today}&endDate=${today}&account=player01x`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await api(t, await tokenFor(t, 'player01'), 'GET', '/wps/relay/MCSFE_agentExport?report=downlines')).json().errorCode).toBe('login.non.agent');
  });
});
