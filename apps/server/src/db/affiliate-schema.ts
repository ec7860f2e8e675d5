import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { agentContracts } from './agent-contracts-schema.ts';
import { merchants } from './core-schema.ts';

/**
 * Affiliate tracking (issue 25, migration 0042). A tracked link is an agent's invite link
 * (`linkKey` = its id) or the agent's permanent affiliate link (its referral code, `linkKey` 0),
 * opened with an optional campaign and sub-ID. Rows are keyed by (agent, link, campaign, sub-ID).
 */

/** One visitor's first click of a day on a link/campaign/sub-ID (later clicks that day are the same row). */
export const affiliateClicks = pgTable('affiliate_clicks', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  linkKey: bigint({ mode: 'bigint' }).notNull(),
  campaign: text().notNull().default(''),
  subId: text().notNull().default(''),
  day: date({ mode: 'string' }).notNull(),
  /** SHA-256 of the visitor (address and user agent), never the address itself. */
  visitor: text().notNull(),
  /** The click id handed to the browser (random, unguessable) and to postbacks as {click_id}. */
  clickId: text().notNull(),
  landing: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('affiliate_clicks_visit').on(t.agentId, t.linkKey, t.campaign, t.subId, t.day, t.visitor),
  uniqueIndex('affiliate_clicks_click').on(t.clickId),
]);

/** Which link brought a member (set once at registration). */
export const affiliateAttribution = pgTable('affiliate_attribution', {
  memberId: bigint({ mode: 'bigint' }).primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  linkKey: bigint({ mode: 'bigint' }).notNull(),
  campaign: text().notNull().default(''),
  subId: text().notNull().default(''),
  clickId: text(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('affiliate_attribution_agent').on(t.agentId)]);

/**
 * A link/campaign/sub-ID's local day: clicks are counted as they come (a new visitor of the day);
 * the rest is rebuilt by the agent rollup from the attributed members' agent_daily_stats rows.
 * GGR = bet − win (the house's), NGR = GGR − bonuses and rebates.
 */
export const affiliateLinkDaily = pgTable('affiliate_link_daily', {
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  day: date({ mode: 'string' }).notNull(),
  linkKey: bigint({ mode: 'bigint' }).notNull(),
  campaign: text().notNull().default(''),
  subId: text().notNull().default(''),
  clicks: integer().notNull().default(0),
  registrations: integer().notNull().default(0),
  ftds: integer().notNull().default(0),
  deposits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  ggr: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  bonus: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  ngr: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.agentId, t.day, t.linkKey, t.campaign, t.subId] })]);

const POSTBACK_EVENTS = ['registration', 'ftd', 'cpa'] as const;

/** An agent's postback URL template per event. */
export const affiliatePostbackUrls = pgTable('affiliate_postback_urls', {
  agentId: bigint({ mode: 'bigint' }).notNull(),
  merchantId: integer().notNull().references(() => merchants.id),
  event: text({ enum: POSTBACK_EVENTS }).notNull(),
  template: text().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.agentId, t.event] }),
  check('affiliate_postback_urls_event', sql`${t.event} IN ('registration', 'ftd', 'cpa')`),
]);

/** One postback to send (once per member and event), its tries and the last answer: the delivery log. */
export const affiliatePostbacks = pgTable('affiliate_postbacks', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  event: text({ enum: POSTBACK_EVENTS }).notNull(),
  url: text().notNull(),
  status: text({ enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastCode: integer(),
  lastError: text(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (t) => [
  uniqueIndex('affiliate_postbacks_once').on(t.memberId, t.event),
  index('affiliate_postbacks_due').on(t.status, t.nextAt),
  index('affiliate_postbacks_agent').on(t.agentId, t.id),
]);

/**
 * A brand's affiliate settings (the operator's): hosts postbacks may go to, the admin fee per
 * product (basis points of the product's GGR) and payment fee rate on statements.
 */
export const affiliateSettings = pgTable('affiliate_settings', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  postbackHosts: text().array().notNull().default(sql`'{}'::text[]`),
  adminFeeBps: jsonb().$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  paymentFeeBps: integer().notNull().default(0),
  /** The brand's CPA qualification (migration 0046): { minDeposit, minValidBet, days } in minor units / days. */
  cpaRule: jsonb().$type<{ minDeposit?: string; minValidBet?: string; days?: number }>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One CPA payout (migration 0046): a contract pays once per qualified team member, through the ledger (key cpa_payout:<id>). */
export const affiliateCpaPayouts = pgTable('affiliate_cpa_payouts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  contractId: bigint({ mode: 'bigint' }).notNull().references(() => agentContracts.id),
  /** Payer (null: the platform, from the brand's house wallet) and payee. */
  uplineId: bigint({ mode: 'bigint' }),
  downlineId: bigint({ mode: 'bigint' }).notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  ftdDay: date({ mode: 'string' }).notNull(),
  firstDeposit: bigint({ mode: 'bigint' }).notNull(),
  validBet: bigint({ mode: 'bigint' }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  status: text({ enum: ['pending', 'disbursed'] }).notNull().default('pending'),
  postingId: bigint({ mode: 'bigint' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  settledAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (t) => [
  unique('affiliate_cpa_payouts_once').on(t.contractId, t.memberId),
  check('affiliate_cpa_payouts_status', sql`${t.status} IN ('pending', 'disbursed') AND ${t.amount} > 0`),
  index('affiliate_cpa_payouts_payee').on(t.downlineId, t.createdAt),
  index('affiliate_cpa_payouts_pending').on(t.merchantId, t.id).where(sql`"status" = 'pending'`),
]);

/** A marketing banner of the brand (migration 0046): an image of a size, offered to agents with their tracked link. */
export const affiliateBanners = pgTable('affiliate_banners', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  name: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  imageUrl: text().notNull(),
  /** The lobby page the banner's link opens ('/', '/promotions', …); the agent's code is added. */
  landingPath: text().notNull().default('/'),
  enabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('affiliate_banners_size', sql`${t.width} BETWEEN 1 AND 4000 AND ${t.height} BETWEEN 1 AND 4000`),
  index('affiliate_banners_brand').on(t.merchantId, t.id),
]);
