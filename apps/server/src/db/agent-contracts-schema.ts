import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

/**
 * Agent contracts (migration 0014): an upline offers a direct downline agent a contract of one
 * kind; `new` (offer waiting) -> `success` (in force) | `termination` (rejected, withdrawn,
 * terminated, replaced, or ended because the upline's own rate fell). `max_pct` / `max_fixed`
 * are the highest percent (hundredths of a percent) and fixed (minor units) rates of its tiers.
 */
export const agentContracts = pgTable('agent_contracts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  kind: text().notNull(),
  /** Null: the platform (a top agent's contract, offered through the operator call; migration 0025). */
  uplineId: bigint({ mode: 'bigint' }).references(() => members.id),
  downlineId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  status: text().notNull().default('new'),
  period: text(),
  maxPct: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  maxFixed: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  endReason: text(),
  endedBy: bigint({ mode: 'bigint' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  acceptedAt: timestamp({ withTimezone: true, mode: 'date' }),
  endedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** Dividend only (migration 0046): revshare (tiers), cpa (agent_contract_cpa only) or hybrid (both). */
  plan: text().notNull().default('revshare'),
  /** Dividend: a negative period (team won) is carried into the next (on), within the month (monthly) or dropped (off). */
  negativeCarry: text().notNull().default('off'),
}, (t) => [
  check('agent_contracts_plan', sql`${t.plan} IN ('revshare', 'cpa', 'hybrid') AND (${t.plan} = 'revshare' OR ${t.kind} = 'dividend')`),
  check('agent_contracts_negative_carry', sql`${t.negativeCarry} IN ('off', 'on', 'monthly')`),
  check('agent_contracts_kind', sql`${t.kind} in ('dividend', 'daily', 'hourly', 'realtime')`),
  check('agent_contracts_status', sql`${t.status} in ('new', 'success', 'termination')`),
  check('agent_contracts_period', sql`(${t.kind} = 'dividend') = (${t.period} is not null) and (${t.period} is null or ${t.period} in ('daily', 'weekly', 'semimonthly', 'monthly'))`),
  check('agent_contracts_parties', sql`${t.uplineId} <> ${t.downlineId}`),
  uniqueIndex('agent_contracts_one_offer').on(t.downlineId, t.kind).where(sql`"status" = 'new'`),
  uniqueIndex('agent_contracts_one_live').on(t.downlineId, t.kind).where(sql`"status" = 'success'`),
  index('agent_contracts_upline').on(t.uplineId, t.kind, t.status),
  index('agent_contracts_settle').on(t.kind, t.status),
]);

/** A contract's tiers in ascending order; the highest tier whose thresholds are all met applies. */
export const agentContractTiers = pgTable('agent_contract_tiers', {
  contractId: bigint({ mode: 'bigint' }).notNull().references(() => agentContracts.id),
  idx: smallint().notNull(),
  /** Period valid bet (dividend minimumBet, daily betVolume, hourly/real-time minimumBet), minor units. */
  minBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** Dividend only: the team's net loss of the period, minor units. */
  netLoss: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  activeMembers: integer().notNull().default(0),
  /** P percent (rate in hundredths of a percent), F fixed (rate in minor units). */
  rateType: text().notNull().default('P'),
  rate: bigint({ mode: 'bigint' }).notNull(),
}, (t) => [
  primaryKey({ name: 'agent_contract_tiers_pk', columns: [t.contractId, t.idx] }),
  check('agent_contract_tiers_rate', sql`${t.rate} > 0 and ${t.rateType} in ('P', 'F') and (${t.rateType} = 'F' or ${t.rate} <= 10000)`),
]);

/**
 * One settlement of one contract for one period, unique per (contract, period_start): computed
 * as `pending` (or `none` when no tier was reached), then paid by the upline through the ledger
 * (idempotency key contract_payout:<id>) and marked `disbursed` with its posting.
 */
export const agentContractPayouts = pgTable('agent_contract_payouts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  contractId: bigint({ mode: 'bigint' }).notNull().references(() => agentContracts.id),
  kind: text().notNull(),
  /** Payer (the upline; null: the platform, paid from the brand's house wallet) and payee (the downline). */
  uplineId: bigint({ mode: 'bigint' }),
  downlineId: bigint({ mode: 'bigint' }).notNull(),
  /** The brand day the period's figures were read from (its first day for multi-day periods). */
  day: date({ mode: 'string' }).notNull(),
  periodStart: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  periodEnd: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** Hourly and real-time: the team's valid bet of the day so far when computed (the next period starts from it). */
  cumValidBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  netLoss: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  activeMembers: integer().notNull().default(0),
  tierIdx: smallint(),
  rateType: text(),
  rate: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  amount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  status: text().notNull(),
  postingId: bigint({ mode: 'bigint' }),
  calculatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  settledAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** Dividend negative carry-over (≤ 0): brought from the previous period, and left for the next. */
  carryIn: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  carryOut: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
}, (t) => [
  unique('agent_contract_payouts_once').on(t.contractId, t.periodStart),
  check('agent_contract_payouts_status', sql`${t.status} in ('pending', 'disbursed', 'none')`),
  check('agent_contract_payouts_amount', sql`${t.amount} >= 0 and (${t.status} <> 'none' or ${t.amount} = 0)`),
  index('agent_contract_payouts_payee').on(t.downlineId, t.kind, t.periodStart),
  index('agent_contract_payouts_payer').on(t.uplineId, t.kind, t.periodStart),
  index('agent_contract_payouts_pending').on(t.kind, t.id).where(sql`"status" = 'pending'`),
]);

/**
 * A CPA or hybrid contract's CPA terms (migration 0046): `amount` paid once per qualified team
 * member; the qualification (first deposit ≥ min_deposit and valid bet ≥ min_valid_bet within
 * `days` brand days of the first deposit) falls back to the brand's affiliate_settings.cpa_rule.
 */
export const agentContractCpa = pgTable('agent_contract_cpa', {
  contractId: bigint({ mode: 'bigint' }).primaryKey().references(() => agentContracts.id),
  amount: bigint({ mode: 'bigint' }).notNull(),
  minDeposit: bigint({ mode: 'bigint' }),
  minValidBet: bigint({ mode: 'bigint' }),
  days: integer(),
}, (t) => [
  check('agent_contract_cpa_terms', sql`${t.amount} > 0 AND (${t.minDeposit} IS NULL OR ${t.minDeposit} >= 0) AND (${t.minValidBet} IS NULL OR ${t.minValidBet} >= 0) AND (${t.days} IS NULL OR ${t.days} BETWEEN 1 AND 90)`),
]);
