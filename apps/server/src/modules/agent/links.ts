/**
 * Tracked links (issue 25 item 1): clicks, attribution at registration and the links report.
 * A link is an invite link (linkKey = its id) or the agent's permanent affiliate link (its own
 * referral code, linkKey 0); the address may carry a campaign and a sub-ID. Clicks count once
 * per visitor (hash of address and user agent), link, campaign, sub-ID and brand day, straight
 * into affiliate_link_daily; everything else there is rebuilt by the rollup (links-rollup.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { affiliate } from '@lobby/contract';
import { rowsOf, type Db } from '../../db/index.ts';
import { affiliateAttribution, affiliateClicks, agentInvites } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type MemberRow, type Principal } from '../../plugins/session.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { brandDate, dayRange, DAY_MS } from '../../kernel/brand-time/index.ts';
import { sessionQueries as sq } from '../session/index.ts';
import { statusOf } from './invites.ts';
import { enqueuePostback } from './postbacks.ts';

/** User agents of crawlers, link previews and monitors: their clicks are not counted. */
const BOT_UA = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|curl\/|wget\/|python-requests|httpclient|go-http-client|okhttp|scrapy|phantomjs|lighthouse|pingdom|uptime/i;
export const isBot = (ua: string) => !ua.trim() || BOT_UA.test(ua);

/** A campaign or sub-ID from an address: letters, digits and . _ - only, at most 40 (anything else is dropped). */
export const cleanTag = (v: string | undefined | null) => (v ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40);

interface Link { agentId: bigint; linkKey: bigint; campaign: string; subId: string }

/**
 * The tracked link a code names in the brand: a usable invite link of an active agent, or an
 * active agent's own referral code (the permanent link); null otherwise (a member's referral
 * code, an unknown code, a disabled or expired link).
 */
async function linkOf(db: Db, brand: Brand, code: string): Promise<Link | null> {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,32}$/.test(c)) return null;
  const [inv] = await db.select().from(agentInvites).where(and(eq(agentInvites.code, c), eq(agentInvites.merchantId, brand.id))).limit(1);
  const agentId = inv ? inv.agentId : null;
  const agent = agentId !== null ? await sq.memberById(db, brand.id, agentId) : await sq.memberByReferralCode(db, brand.id, c);
  if (!agent || agent.status !== 'active' || !brand.config.agentTypes.includes(agent.type)) return null;
  if (inv) return statusOf(inv) === 'active' ? { agentId: agent.id, linkKey: inv.id, campaign: inv.campaign, subId: inv.subId } : null;
  return { agentId: agent.id, linkKey: 0n, campaign: '', subId: '' };
}

/** A visit through a tracked link: counted once per visitor a day; answers the click id the browser keeps. */
export async function recordClick(db: Db, brand: Brand, v: { ip: string; userAgent: string }, body: { code: string; campaign?: string; sub?: string; landing?: string }) {
  const link = await linkOf(db, brand, body.code);
  if (!link) return { tracked: false, clickId: null };
  const campaign = cleanTag(body.campaign) || link.campaign;
  const subId = cleanTag(body.sub) || link.subId;
  if (isBot(v.userAgent)) return { tracked: false, clickId: null };
  const day = brandDate(brand, new Date());
  const visitor = createHash('sha256').update(`${brand.id}\n${v.ip}\n${v.userAgent}`).digest('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(affiliateClicks).values({
      merchantId: brand.id, agentId: link.agentId, linkKey: link.linkKey, campaign, subId, day, visitor,
      clickId: randomBytes(16).toString('base64url'), landing: (body.landing ?? '').slice(0, 300),
    }).onConflictDoNothing().returning({ clickId: affiliateClicks.clickId });
    if (row) {
      await tx.execute(sql`
        insert into affiliate_link_daily (merchant_id, agent_id, day, link_key, campaign, sub_id, clicks)
        values (${brand.id}, ${link.agentId}, ${day}::date, ${link.linkKey}, ${campaign}, ${subId}, 1)
        on conflict (agent_id, day, link_key, campaign, sub_id) do update set clicks = affiliate_link_daily.clicks + 1, updated_at = now()`);
      return { tracked: true, clickId: row.clickId };
    }
    const [old] = await tx.select({ clickId: affiliateClicks.clickId }).from(affiliateClicks).where(and(
      eq(affiliateClicks.agentId, link.agentId), eq(affiliateClicks.linkKey, link.linkKey), eq(affiliateClicks.campaign, campaign),
      eq(affiliateClicks.subId, subId), eq(affiliateClicks.day, day), eq(affiliateClicks.visitor, visitor)));
    return { tracked: true, clickId: old?.clickId ?? null };
  });
}

/**
 * Which link brought a new member (called by registration once the account exists): the click
 * the browser kept when it is one of the member's own agent's links, else the registration code
 * itself when it names a tracked link of that agent. A member registered under no agent's link
 * is not attributed. Queues the registration postback.
 */
export async function attribute(db: Db, brand: Brand, m: MemberRow, via: { code?: string; clickId?: string }): Promise<void> {
  if (m.parentId === null) return;
  let link: Link | null = null;
  let clickId: string | null = null;
  if (via.clickId && /^[A-Za-z0-9_-]{10,40}$/.test(via.clickId)) {
    const [c] = await db.select().from(affiliateClicks).where(and(eq(affiliateClicks.clickId, via.clickId), eq(affiliateClicks.merchantId, brand.id)));
    if (c && c.agentId === m.parentId && c.createdAt.getTime() > Date.now() - 30 * DAY_MS) {
      link = { agentId: c.agentId, linkKey: c.linkKey, campaign: c.campaign, subId: c.subId };
      clickId = c.clickId;
    }
  }
  if (!link && via.code) {
    const l = await linkOf(db, brand, via.code);
    if (l && l.agentId === m.parentId) link = l;
  }
  if (!link) return;
  const [row] = await db.insert(affiliateAttribution).values({ memberId: m.id, merchantId: brand.id, ...link, clickId })
    .onConflictDoNothing().returning();
  if (row) await enqueuePostback(db, brand, row, 'registration');
}

// ---- The links report -----------------------------------------------------------------------

interface Sums { clicks: number; registrations: number; ftds: number; deposits: string; valid_bet: string; ggr: string; bonus: string; ngr: string }
const SUMS = sql`sum(d.clicks)::int as clicks, sum(d.registrations)::int as registrations, sum(d.ftds)::int as ftds,
  sum(d.deposits)::text as deposits, sum(d.valid_bet)::text as valid_bet, sum(d.ggr)::text as ggr, sum(d.bonus)::text as bonus, sum(d.ngr)::text as ngr`;
const countsOf = (r: Partial<Sums> | undefined) => ({
  clicks: r?.clicks ?? 0, registrations: r?.registrations ?? 0, ftds: r?.ftds ?? 0, deposits: formatAmount(r?.deposits ?? 0),
  validBet: formatAmount(r?.valid_bet ?? 0), ggr: formatAmount(r?.ggr ?? 0), bonus: formatAmount(r?.bonus ?? 0), ngr: formatAmount(r?.ngr ?? 0),
});

export async function linksReport(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string; campaign?: string; subId?: string }): Promise<affiliate.LinksValue> {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  const where = sql`d.agent_id = ${me.id} and d.day between ${query.startDate}::date and ${query.endDate}::date
    ${query.campaign ? sql`and d.campaign = ${query.campaign}` : sql``} ${query.subId ? sql`and d.sub_id = ${query.subId}` : sql``}`;
  const [links, days] = await Promise.all([
    db.execute(sql`
      select d.link_key::text as link_key, d.campaign, d.sub_id, coalesce(i.code, '') as code, coalesce(i.remark, '') as remark, ${SUMS}
        from affiliate_link_daily d left join agent_invites i on i.id = d.link_key and i.agent_id = d.agent_id
       where ${where}
       group by d.link_key, d.campaign, d.sub_id, i.code, i.remark
       order by sum(d.registrations) desc, sum(d.clicks) desc, d.link_key limit 500`),
    db.execute(sql`select d.day::text as day, ${SUMS} from affiliate_link_daily d where ${where} group by d.day`),
  ]);
  const byDay = new Map(rowsOf<Sums & { day: string }>(days).map((r) => [r.day, r]));
  const list = rowsOf<Sums & { link_key: string; campaign: string; sub_id: string; code: string; remark: string }>(links).map((r) => ({
    linkId: r.link_key, code: r.link_key === '0' ? (me.referralCode ?? '') : r.code, remark: r.remark, campaign: r.campaign, subId: r.sub_id, ...countsOf(r),
  }));
  const out: affiliate.LinksValue['days'] = [];
  for (let t = Date.parse(`${query.startDate}T00:00:00Z`); t <= Date.parse(`${query.endDate}T00:00:00Z`); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, ...countsOf(byDay.get(day)) });
  }
  const total = (k: 'clicks' | 'registrations' | 'ftds') => out.reduce((a, d) => a + d[k], 0);
  const money = (k: keyof Sums) => formatAmount([...byDay.values()].reduce((a, r) => a + BigInt(r[k] ?? 0), 0n));
  return {
    startDate: query.startDate, endDate: query.endDate, permanentCode: me.referralCode ?? '', list,
    totals: { clicks: total('clicks'), registrations: total('registrations'), ftds: total('ftds'), deposits: money('deposits'),
      validBet: money('valid_bet'), ggr: money('ggr'), bonus: money('bonus'), ngr: money('ngr') },
    days: out,
  };
}
