import { sql, type SQL } from 'drizzle-orm';
import { contracts as C, type contracts } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { DEFAULT_ACTIVE_MIN } from '../agent/index.ts';
import { postBatch } from '../../kernel/ledger/index.ts';
import { payPlatform } from './platform.ts';
import { POSTING_KIND } from './terms.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

type Kind = contracts.ContractKind;

/**
 * Contract settlement (issue 8 item 4). Each kind's job, per brand whose module is on:
 * 1. compute: one set-based insert of a payout row per contract in force for the last completed
 *    period, from the rollup tables (agent_team_daily, agent_daily_stats), unique per
 *    (contract, period_start): a second run, another instance or a retry inserts nothing;
 * 2. pay: one set-based pass over the brand's pending rows: each a ledger posting with the key
 *    contract_payout:<id> (a rerun after a crash finds the first posting instead of paying
 *    again) from the upline's main wallet to the downline's, oldest first while the upline's
 *    balance covers them; the rest stay pending for a later run.
 * Compute and pay are separate steps so that a crash between them leaves pending rows that the
 * next run pays; inside the job's transaction both commit together.
 *
 * Who pays: the spec is silent; the upline pays its downline (an upline's income is its own
 * contract's payout minus what it pays its downlines). A top agent has no contract with the
 * platform (no operator console yet): it pays its downlines from its own wallet.
 */

/** Idempotency key prefix of a payout's posting (then the payout id). */
const IDEM = 'contract_payout:';

const MIN = 60_000;
const HOUR = 3_600_000;
/**
 * Settle a period only this long after it ended, so the rollup (every 15 s) has caught up; and
 * the real-time salary period (§9: 5 minutes). Both may be shortened outside production
 * (CONTRACTS_SETTLE_LAG_SECONDS, CONTRACTS_REALTIME_SECONDS in config.ts) so a browser journey sees
 * a real-time salary paid within a minute or two; the rules are the same.
 */
export const timing = { lagMs: 60_000, realtimeMs: 5 * MIN };
export function setTiming(t: Partial<typeof timing>): void {
  Object.assign(timing, t);
}


export interface Period { start: Date; end: Date; /** local first day */ day: string; /** local day after the last (multi-day periods) */ endDay: string }

const ymd = (localMs: number) => new Date(localMs).toISOString().slice(0, 10);

/** The last period of `lenMs` (5 minutes, an hour, a day) that ended at least timing.lagMs before `now`, in the brand's local time. */
export function lastSlot(now: Date, offsetMinutes: number, lenMs: number): Period {
  const off = offsetMinutes * MIN;
  const endLocal = Math.floor((now.getTime() - timing.lagMs + off) / lenMs) * lenMs;
  const startLocal = endLocal - lenMs;
  // the brand day a slot's figures are read from: the day of its last instant
  return { start: new Date(startLocal - off), end: new Date(endLocal - off), day: ymd(endLocal - 1), endDay: ymd(endLocal) };
}

/** The last completed dividend period of a kind of period (weeks start on Monday). */
export function lastDividendPeriod(now: Date, offsetMinutes: number, period: contracts.DividendPeriod): Period {
  if (period === 'daily') return lastSlot(now, offsetMinutes, DAY_MS);
  const off = offsetMinutes * MIN;
  const today = new Date(Math.floor((now.getTime() - timing.lagMs + off) / DAY_MS) * DAY_MS);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  let s: number;
  let e: number;
  if (period === 'weekly') {
    e = today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS;
    s = e - 7 * DAY_MS;
  } else if (period === 'monthly') {
    e = Date.UTC(y, m, 1);
    s = Date.UTC(y, m - 1, 1);
  } else if (today.getUTCDate() <= 15) {
    e = Date.UTC(y, m, 1);
    s = Date.UTC(y, m - 1, 16);
  } else {
    e = Date.UTC(y, m, 16);
    s = Date.UTC(y, m, 1);
  }
  return { start: new Date(s - off), end: new Date(e - off), day: ymd(s), endDay: ymd(e) };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Contracts of the brand and kind in force for the whole end of the period (accepted before it ended, not ended before). */
const inForce = (brand: Brand, kind: Kind, p: Period) => sql`
  c.merchant_id = ${brand.id} and c.kind = ${kind} and c.accepted_at is not null
  and c.accepted_at < ${ts(p.end)} and (c.ended_at is null or c.ended_at >= ${ts(p.end)})`;

/**
 * The payout columns after the figures `f` (vb, cum, loss, act; with `carry` also cin, cout: the
 * negative carry-over brought in and left) and the chosen tier `t`.
 */
function insertPayouts(kind: Kind, p: Period, figures: SQL, tierOn: SQL, amount: SQL, carry = false): SQL {
  return sql`
    with f as (${figures})
    insert into agent_contract_payouts as x (merchant_id, contract_id, kind, upline_id, downline_id, day, period_start, period_end,
      valid_bet, cum_valid_bet, net_loss, active_members, tier_idx, rate_type, rate, amount, status${carry ? sql`, carry_in, carry_out` : sql``})
    select f.merchant_id, f.id, ${kind}, f.upline_id, f.downline_id, ${p.day}::date, ${ts(p.start)}, ${ts(p.end)},
           f.vb, f.cum, f.loss, f.act, t.idx, t.rate_type, coalesce(t.rate, 0), a.amount,
           case when a.amount > 0 then 'pending' else 'none' end${carry ? sql`, f.cin, f.cout` : sql``}
      from f
      left join lateral (
        select idx, rate_type, rate from agent_contract_tiers t
         where t.contract_id = f.id and ${tierOn} order by t.idx desc limit 1) t on true
      cross join lateral (select case when t.idx is null then 0::bigint else ${amount} end as amount) a
    on conflict (contract_id, period_start) do nothing`;
}

/**
 * Hourly and real-time salaries pay on the day's valid bet since the contract's last
 * settlement, so a contract that comes into force mid-day starts from a baseline: a `none` row
 * for the period under way holding the team's valid bet of the day so far. Bets before the
 * acceptance (or already paid under a contract it replaces) are never paid by it.
 */
export async function baseline(tx: Tx, brand: Brand, kind: Kind, contractId: bigint, now = new Date()): Promise<void> {
  if (kind !== 'hourly' && kind !== 'realtime') return;
  // the period under way: the one that ends after now (lastSlot of a time one period + lag later)
  const len = kind === 'hourly' ? HOUR : timing.realtimeMs;
  const p = lastSlot(new Date(now.getTime() + len + timing.lagMs), brand.config.gmtOffsetMinutes, len);
  await tx.execute(sql`
    insert into agent_contract_payouts (merchant_id, contract_id, kind, upline_id, downline_id, day, period_start, period_end, cum_valid_bet, status)
    select c.merchant_id, c.id, c.kind, c.upline_id, c.downline_id, ${p.day}::date, ${ts(p.start)}, ${ts(p.end)},
           coalesce((select d.valid_bet from agent_team_daily d where d.agent_id = c.downline_id and d.day = ${p.day}::date), 0), 'none'
      from agent_contracts c where c.id = ${contractId}
    on conflict (contract_id, period_start) do nothing`);
}

const count = (res: unknown) => Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
const activeMin = (brand: Brand) => BigInt(brand.config.activeMemberValidBet ?? DEFAULT_ACTIVE_MIN);

/** Days and dividend periods looked back at by each run (a missed one is settled late, never twice). */
const CATCH_UP = 3;

/** The last CATCH_UP completed periods of a kind of dividend period, oldest first. */
function dividendPeriods(now: Date, off: number, period: contracts.DividendPeriod): Period[] {
  const out = [lastDividendPeriod(now, off, period)];
  while (out.length < CATCH_UP) out.unshift(lastDividendPeriod(new Date(out[0]!.start.getTime() + timing.lagMs), off, period));
  return out;
}

/**
 * The figures of the dividend contracts (revshare and hybrid plans; a CPA plan pays per player,
 * cpa.ts) of one period. Negative carry-over (issue 25): `cin` is the previous settlement's
 * `carry_out` when the contract carries (`on`; `monthly`: only from a period of the same calendar
 * month), the net loss is the period's plus `cin`, and a negative result is left as `cout` for
 * the next period (0 when the contract does not carry).
 */
function dividendFigures(brand: Brand, p: Period, period: contracts.DividendPeriod): SQL {
  return sql`
    with s as (
      select c.id, c.merchant_id, c.upline_id, c.downline_id, c.negative_carry, sum(d.valid_bet) as vb, -sum(d.profit) as loss
        from agent_contracts c join agent_team_daily d on d.agent_id = c.downline_id and d.day >= ${p.day}::date and d.day < ${p.endDay}::date
       where ${inForce(brand, 'dividend', p)} and c.period = ${period} and c.plan <> 'cpa'
       group by c.id, c.merchant_id, c.upline_id, c.downline_id, c.negative_carry having sum(d.valid_bet) > 0),
    k as (
      select s.*, (case when s.negative_carry = 'on' then coalesce(l.carry_out, 0)
                        when s.negative_carry = 'monthly' and date_trunc('month', l.day) = date_trunc('month', ${p.day}::date) then l.carry_out
                        else 0 end)::bigint as cin
        from s left join lateral (
          select x.carry_out, x.day from agent_contract_payouts x
           where x.contract_id = s.id and x.period_start < ${ts(p.start)} order by x.period_start desc limit 1) l on true)
    select k.id, k.merchant_id, k.upline_id, k.downline_id, k.vb::bigint as vb, k.vb::bigint as cum, (k.loss + k.cin)::bigint as loss,
           (select count(distinct st.member_id) from member_tree mt
              join agent_daily_stats st on st.member_id = mt.descendant_id and st.day >= ${p.day}::date and st.day < ${p.endDay}::date
             where mt.ancestor_id = k.downline_id and mt.depth > 0 and st.valid_bet > 0 and st.valid_bet >= ${activeMin(brand)})::int as act,
           k.cin, (case when k.negative_carry <> 'off' and k.loss + k.cin < 0 then k.loss + k.cin else 0 end)::bigint as cout
      from k`;
}

/** Daily wages of one brand day. */
async function computeDaily(tx: Tx | Db, brand: Brand, p: Period): Promise<number> {
  const kind = 'daily';
  return count(await tx.execute(insertPayouts(kind, p, sql`
    select c.id, c.merchant_id, c.upline_id, c.downline_id, d.valid_bet as vb, d.valid_bet as cum, 0::bigint as loss, d.active_members as act
      from agent_contracts c join agent_team_daily d on d.agent_id = c.downline_id and d.day = ${p.day}::date
     where ${inForce(brand, kind, p)} and d.valid_bet > 0`,
  sql`t.min_bet <= f.vb and t.active_members <= f.act`,
  sql`case when t.rate_type = 'P' then f.vb * t.rate / 10000 else t.rate end`)));
}

/**
 * Step 1 for one brand and kind: the payout rows of the last completed period(s). Answers the
 * rows inserted. Serialised per kind across instances (advisory lock) so the "since the last
 * settlement" figures of hourly and real-time salaries are never read twice.
 */
export async function compute(tx: Tx | Db, brand: Brand, kind: Kind, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agent_contracts.settle'), ${C.CONTRACT_KINDS.indexOf(kind)})`);
  const off = brand.config.gmtOffsetMinutes;
  if (kind === 'daily') {
    // the last CATCH_UP days, oldest first: days a stopped server missed are settled when it is back
    let n = 0;
    for (let back = CATCH_UP - 1; back >= 0; back--) n += await computeDaily(tx, brand, lastSlot(new Date(now.getTime() - back * DAY_MS), off, DAY_MS));
    return n;
  }
  if (kind === 'hourly' || kind === 'realtime') {
    const p = lastSlot(now, off, kind === 'hourly' ? HOUR : timing.realtimeMs);
    // the day's valid bet so far minus what the last settlement of the day already counted
    const figures = sql`
      select c.id, c.merchant_id, c.upline_id, c.downline_id, d.valid_bet - coalesce(l.cum_valid_bet, 0) as vb, d.valid_bet as cum,
             0::bigint as loss, d.active_members as act
        from agent_contracts c
        join agent_team_daily d on d.agent_id = c.downline_id and d.day = ${p.day}::date
        left join lateral (
          select x.cum_valid_bet, x.period_start from agent_contract_payouts x
           where x.contract_id = c.id and x.day = ${p.day}::date order by x.period_start desc limit 1) l on true
       where ${inForce(brand, kind, p)} and d.valid_bet > coalesce(l.cum_valid_bet, 0)
         and (l.period_start is null or l.period_start < ${ts(p.start)})`;
    // hourly: tiers on the hour's valid bet; real-time: on the day's so far
    const tierOn = kind === 'hourly' ? sql`t.min_bet <= f.vb and t.active_members <= f.act` : sql`t.min_bet <= f.cum and t.active_members <= f.act`;
    return count(await tx.execute(insertPayouts(kind, p, figures, tierOn, sql`case when t.rate_type = 'P' then f.vb * t.rate / 10000 else t.rate end`)));
  }
  let n = 0;
  for (const period of C.DIVIDEND_PERIODS) for (const p of dividendPeriods(now, off, period)) {
    n += count(await tx.execute(insertPayouts(kind, p, dividendFigures(brand, p, period),
      sql`t.min_bet <= f.vb and t.net_loss <= greatest(f.loss, 0) and t.active_members <= f.act`,
      sql`greatest(f.loss, 0) * t.rate / 10000`, true)));
  }
  return n;
}

/**
 * Step 2 for one brand: pays its pending rows of `kind` (all kinds when omitted). The accounts
 * involved are locked in id order first (the ledger's own order), so each upline's balance is
 * known and pays its rows oldest first as far as it goes. Answers the rows disbursed.
 *
 * The postings go through the ledger's batch writer (`postBatch`, the `ledger_post_many`
 * function: one statement for the whole batch, each posting under its idempotency key with the
 * guarantees of a single posting). A row whose posting already exists (a crash after the
 * posting, before the row was marked) is marked with that posting and moves no money again.
 */
export async function pay(tx: Tx | Db, brand: Brand, kind?: Kind): Promise<number> {
  const pending = sql`select * from agent_contract_payouts where merchant_id = ${brand.id} and status = 'pending' ${kind ? sql`and kind = ${kind}` : sql``}`;
  // work tables (analysed, so the joins below are by key whatever the size), dropped at the end
  return tx.transaction(async (t) => {
    await t.execute(sql`create temp table contract_pay (id bigint primary key, kind text not null, contract_id bigint not null,
      upline_id bigint not null, downline_id bigint not null, amount bigint not null, ua bigint, da bigint, posting_id bigint)`);
    await t.execute(sql`insert into contract_pay (id, kind, contract_id, upline_id, downline_id, amount)
      select id, kind, contract_id, upline_id, downline_id, amount from (${pending}) p`);
    await t.execute(sql`analyze contract_pay`);
    await t.execute(sql`
      insert into ledger_accounts (merchant_id, member_id, wallet)
      select distinct ${brand.id}::int, m.id, 'main' from contract_pay c cross join lateral (values (c.upline_id), (c.downline_id)) m(id)
      on conflict (merchant_id, member_id, wallet) where member_id is not null do nothing`);
    await t.execute(sql`
      update contract_pay c set ua = u.id, da = d.id
        from ledger_accounts u, ledger_accounts d
       where u.merchant_id = ${brand.id} and u.member_id = c.upline_id and u.wallet = 'main' and u.member_id is not null
         and d.merchant_id = ${brand.id} and d.member_id = c.downline_id and d.wallet = 'main' and d.member_id is not null`);
    // lock the accounts in id order (the ledger's order), then keep what each upline's balance covers, oldest first
    await t.execute(sql`select a.id from ledger_accounts a
      where a.id in (select ua from contract_pay union select da from contract_pay) order by a.id for update`);
    await t.execute(sql`
      delete from contract_pay c using (
        select c.id, sum(c.amount) over (partition by c.upline_id order by c.id) as run, a.balance
          from contract_pay c join ledger_accounts a on a.id = c.ua) r
       where c.id = r.id and r.run > r.balance`);
    // one posting per row under its idempotency key, all in one ledger batch; a key already there
    // (a crash after posting) answers its first posting and moves nothing again
    const rows = rowsOf<{ id: string; kind: Kind; contract_id: string; downline_id: string; ua: string; da: string; amount: string }>(
      await t.execute(sql`select id, kind, contract_id, downline_id, ua, da, amount from contract_pay order by id`));
    const posted = await postBatch(t, brand.id, rows.map((c) => ({
      kind: POSTING_KIND[c.kind], idemKey: IDEM + c.id, memberId: BigInt(c.downline_id),
      lines: [{ account: BigInt(c.ua), amount: -BigInt(c.amount) }, { account: BigInt(c.da), amount: BigInt(c.amount) }],
      meta: { contractId: String(c.contract_id), orderNo: `C${c.id}`, remark: c.kind },
    })));
    await t.execute(sql`update contract_pay c set posting_id = p.posting_id
      from unnest(${`{${rows.map((c) => c.id).join(',')}}`}::bigint[], ${`{${posted.map((p) => p.postingId).join(',')}}`}::bigint[]) as p(id, posting_id)
      where c.id = p.id`);
    const res = await t.execute(sql`
      update agent_contract_payouts x set status = 'disbursed', posting_id = c.posting_id, settled_at = now()
        from contract_pay c where x.id = c.id and x.status = 'pending' and c.posting_id is not null
      returning x.id`);
    await t.execute(sql`drop table contract_pay`);
    return rowsOf(res).length;
  });
}

/** One settlement run of a kind over the brands that have it on: compute, then pay. Answers rows written. */
export async function settle(tx: Tx | Db, brands: Brand[], kind: Kind, now: Date): Promise<number> {
  let n = 0;
  for (const brand of brands) {
    if (!brand.modules.has(C.CONTRACT_MODULE[kind])) continue;
    n += await compute(tx, brand, kind, now);
    // platform contracts (top agents) first: the brand's house wallet pays them
    n += await payPlatform(tx, brand, kind);
    n += await pay(tx, brand, kind);
  }
  return n;
}
