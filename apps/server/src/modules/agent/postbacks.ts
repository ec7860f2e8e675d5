/**
 * Postbacks (issue 25 item 2): an agent's URL template per event (registration, FTD, qualified
 * CPA) with macros, sent server-to-server once per member and event, retried with back-off, with
 * a delivery log the agent sees. Only to http(s) hosts the brand allows (affiliate_settings)
 * whose addresses are all public (postback-net.ts), checked when saved and again when sent.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { affiliate } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { affiliatePostbacks, affiliatePostbackUrls, affiliateSettings } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { checkedAddresses, parseTarget, send } from './postback-net.ts';

type Event = affiliate.PostbackEvent;
/** Minutes before each retry; after the last the postback is failed. */
const RETRY_MINUTES = [1, 5, 30, 120, 360];
const BATCH = 20;

export async function allowedHosts(db: Db | Tx, merchantId: number): Promise<string[]> {
  const [row] = await db.select({ hosts: affiliateSettings.postbackHosts }).from(affiliateSettings).where(eq(affiliateSettings.merchantId, merchantId));
  return row?.hosts ?? [];
}

const MACRO = /\{([a-z_]+)\}/g;

/** The template with its macros filled in (values URL-encoded). */
export function fill(template: string, v: Partial<Record<(typeof affiliate.MACROS)[number], string>>): string {
  return template.replace(MACRO, (_m, k: string) => encodeURIComponent(v[k as keyof typeof v] ?? ''));
}

/** A template is an http(s) address whose macros are all known. */
function checkTemplate(template: string): URL {
  for (const m of template.matchAll(MACRO)) if (!(affiliate.MACROS as readonly string[]).includes(m[1]!)) throw new AppError('agent.postback.url.invalid');
  if (/[{}]/.test(template.replace(MACRO, ''))) throw new AppError('agent.postback.url.invalid');
  return parseTarget(fill(template, {}));
}

// ---- The agent's calls ------------------------------------------------------------------------

export async function settings(db: Db, brand: Brand, p: Principal) {
  const me = requireAgent(p).member;
  const [templates, log, hosts] = await Promise.all([
    db.select().from(affiliatePostbackUrls).where(eq(affiliatePostbackUrls.agentId, me.id)),
    db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.agentId, me.id)).orderBy(desc(affiliatePostbacks.id)).limit(affiliate.POSTBACK_LOG_MAX),
    allowedHosts(db, brand.id),
  ]);
  return {
    templates: templates.map((t) => ({ event: t.event, template: t.template })),
    allowedHosts: hosts,
    macros: [...affiliate.MACROS],
    log: log.map((r) => ({
      id: String(r.id), event: r.event, url: r.url, status: r.status, attempts: r.attempts, lastCode: r.lastCode, lastError: r.lastError,
      createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function save(db: Db, brand: Brand, p: Principal, body: { event: Event; template: string }) {
  const me = requireAgent(p).member;
  if (!body.template) {
    await db.delete(affiliatePostbackUrls).where(and(eq(affiliatePostbackUrls.agentId, me.id), eq(affiliatePostbackUrls.event, body.event)));
    return { event: body.event, template: '' };
  }
  await checkedAddresses(checkTemplate(body.template), await allowedHosts(db, brand.id));
  await db.insert(affiliatePostbackUrls).values({ agentId: me.id, merchantId: brand.id, event: body.event, template: body.template })
    .onConflictDoUpdate({ target: [affiliatePostbackUrls.agentId, affiliatePostbackUrls.event], set: { template: body.template, updatedAt: new Date() } });
  return { event: body.event, template: body.template };
}

// ---- Queue and delivery -----------------------------------------------------------------------

export interface Attributed { memberId: bigint; merchantId: number; agentId: bigint; campaign: string; subId: string; clickId: string | null }

/** Queues the event's postback for an attributed member when its agent has a template (once per member and event). */
export async function enqueuePostback(db: Db | Tx, _brand: Brand | null, a: Attributed, event: Event, amountMinor?: bigint): Promise<void> {
  const [t] = await db.select().from(affiliatePostbackUrls).where(and(eq(affiliatePostbackUrls.agentId, a.agentId), eq(affiliatePostbackUrls.event, event)));
  if (!t) return;
  const [cur] = rowsOf<{ code: string | null }>(await db.execute(sql`select config->'currency'->>'code' as code from merchants where id = ${a.merchantId}`));
  const url = fill(t.template, {
    sub_id: a.subId, click_id: a.clickId ?? '', campaign: a.campaign, amount: amountMinor === undefined ? '' : formatAmount(amountMinor),
    currency: cur?.code ?? '', event, member_id: String(a.memberId),
  });
  await db.insert(affiliatePostbacks).values({ merchantId: a.merchantId, agentId: a.agentId, memberId: a.memberId, event, url }).onConflictDoNothing();
}

/**
 * The `affiliate.postbacks` job: sends the due postbacks (oldest first, BATCH a run). A 2xx answer
 * is sent; anything else is tried again after RETRY_MINUTES, then failed. Answers the rows tried.
 */
export async function deliver(tx: Tx | Db, now = new Date()): Promise<number> {
  const due = await tx.select().from(affiliatePostbacks)
    .where(and(eq(affiliatePostbacks.status, 'pending'), lte(affiliatePostbacks.nextAt, now)))
    .orderBy(affiliatePostbacks.nextAt).limit(BATCH).for('update', { skipLocked: true });
  const hosts = new Map<number, string[]>();
  for (const merchantId of new Set(due.map((r) => r.merchantId))) hosts.set(merchantId, await allowedHosts(tx, merchantId));
  const answers = await Promise.all(due.map((r) => send(r.url, hosts.get(r.merchantId) ?? [])));
  for (const [i, r] of due.entries()) {
    const a = answers[i]!;
    const ok = a.status !== null && a.status >= 200 && a.status < 300;
    const attempts = r.attempts + 1;
    const wait = RETRY_MINUTES[attempts - 1];
    await tx.update(affiliatePostbacks).set({
      attempts, lastCode: a.status, lastError: ok ? null : a.error ?? `HTTP ${a.status}`,
      status: ok ? 'sent' : wait === undefined ? 'failed' : 'pending', sentAt: ok ? now : null,
      nextAt: new Date(now.getTime() + (wait ?? 0) * 60_000),
    }).where(eq(affiliatePostbacks.id, r.id));
  }
  return due.length;
}
