/**
 * CPA settlement (issue 25 item 4): a dividend contract of plan `cpa` or `hybrid` pays its CPA
 * amount once per qualified member of the downline's team. A member qualifies when its first
 * deposit, on or after the brand day the contract was accepted, is at least the contract's
 * minimum deposit and its valid bet over the `days` brand days from that first deposit reaches
 * the minimum valid bet (terms the contract leaves unset come from the brand's CPA rule).
 *
 * The `contracts.cpa` job, per brand with dividends on:
 * 1. compute: one set-based insert of a payout row per (contract, member) qualified, driven by the
 *    brand's recent first-deposit day rows (agent_daily_stats), unique per (contract, member): a
 *    rerun, another instance or a retry inserts nothing; the attributed agent's "qualified CPA"
 *    postback is queued for each new row of its own contract (once per member);
 * 2. pay: the pending rows, oldest first, each a ledger posting under `cpa_payout:<id>` from the
 *    upline's main wallet (while its balance covers it) or the brand's house wallet (a platform
 *    contract) to the downline's main wallet, posting kind `dividend` (remark `cpa`), so it shows
 *    in the P&L dividend column and my income. A crash after the posting finds the key again.
 */
import { sql } from 'drizzle-orm';
import { MODULES } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandAccount, postBatch } from '../../kernel/ledger/index.ts';
import { brandDate, DAY_MS } from '../../kernel/brand-time/index.ts';
import { affiliateSettingsOf, enqueuePostback } from '../agent/index.ts';
import { cpaRuleOf } from './terms.ts';

/** Days past a qualification window still looked at (the rollup's lag, a stopped server). */
const CATCH_UP_DAYS = 3;
/** The longest qualification window (agent_contract_cpa.days and the brand rule are at most 90). */
const MAX_DAYS = 90;
const PAY_BATCH = 500;

const list = (ids: string[]) => `{${ids.join(',')}}`;

/** Step 1 for one brand: the rows of members qualified since the last run. Answers the rows inserted. */
async function computeCpa(tx: Tx | Db, brand: Brand, now: Date): Promise<number> {
  const rule = cpaRuleOf((await affiliateSettingsOf(tx as Db, brand.id)).cpaRule);
  const today = brandDate(brand, now);
  const since = brandDate(brand, new Date(now.getTime() - (MAX_DAYS + CATCH_UP_DAYS) * DAY_MS));
  const off = brand.config.gmtOffsetMinutes;
  const inserted = rowsOf<{ id: string; member_id: string; downline_id: string; amount: string }>(await tx.execute(sql`
    with c as (
      select c.id, c.merchant_id, c.upline_id, c.downline_id, p.amount,
             coalesce(p.min_deposit, ${rule.minDeposit}) as min_dep, coalesce(p.min_valid_bet, ${rule.minValidBet}) as min_vb,
             coalesce(p.days, ${rule.days}) as days,
             ((c.accepted_at at time zone 'UTC') + make_interval(mins => ${off}))::date as from_day
        from agent_contracts c join agent_contract_cpa p on p.contract_id = c.id
       where c.merchant_id = ${brand.id} and c.kind = 'dividend' and c.status = 'success' and c.plan in ('cpa', 'hybrid')),
    f as (
      select s.member_id, s.day from agent_daily_stats s
       where s.merchant_id = ${brand.id} and s.day >= ${since}::date and s.first_deposit),
    q as (
      select c.*, f.member_id, f.day as ftd_day
        from f join member_tree t on t.descendant_id = f.member_id and t.depth > 0 join c on c.downline_id = t.ancestor_id
       where f.day >= c.from_day and f.day > ${today}::date - c.days - ${CATCH_UP_DAYS}::int)
    insert into affiliate_cpa_payouts (merchant_id, contract_id, upline_id, downline_id, member_id, ftd_day, first_deposit, valid_bet, amount)
    select q.merchant_id, q.id, q.upline_id, q.downline_id, q.member_id, q.ftd_day, fd.amount, v.vb, q.amount
      from q
      cross join lateral (
        select o.amount from deposit_orders o where o.merchant_id = q.merchant_id and o.member_id = q.member_id and o.status = 'confirmed'
         order by o.closed_at, o.id limit 1) fd
      cross join lateral (
        select coalesce(sum(x.valid_bet), 0)::bigint as vb from agent_daily_stats x
         where x.member_id = q.member_id and x.day >= q.ftd_day and x.day < q.ftd_day + q.days) v
     where fd.amount >= q.min_dep and v.vb >= q.min_vb
    on conflict (contract_id, member_id) do nothing
    returning id::text as id, member_id::text as member_id, downline_id::text as downline_id, amount::text as amount`));
  if (inserted.length === 0) return 0;
  // the "qualified CPA" postback of the agent whose link brought the member, for its own contract's row
  const attributed = rowsOf<{ member_id: string; agent_id: string; campaign: string; sub_id: string; click_id: string | null }>(await tx.execute(sql`
    select a.member_id::text as member_id, a.agent_id::text as agent_id, a.campaign, a.sub_id, a.click_id
      from affiliate_attribution a where a.member_id = any(${list(inserted.map((r) => r.member_id))}::bigint[])`));
  for (const a of attributed) {
    const row = inserted.find((r) => r.member_id === a.member_id && r.downline_id === a.agent_id);
    if (!row) continue;
    await enqueuePostback(tx, null, {
      memberId: BigInt(a.member_id), merchantId: brand.id, agentId: BigInt(a.agent_id), campaign: a.campaign, subId: a.sub_id, clickId: a.click_id,
    }, 'cpa', BigInt(row.amount));
  }
  return inserted.length;
}

/** Step 2 for one brand: pays its pending CPA rows, oldest first, while each upline's balance covers them. Answers the rows paid. */
async function payCpa(tx: Tx | Db, brand: Brand): Promise<number> {
  const rows = rowsOf<{ id: string; contract_id: string; upline_id: string | null; downline_id: string; amount: string }>(await tx.execute(sql`
    select id::text as id, contract_id::text as contract_id, upline_id::text as upline_id, downline_id::text as downline_id, amount::text as amount
      from affiliate_cpa_payouts where merchant_id = ${brand.id} and status = 'pending' order by id limit ${PAY_BATCH} for update skip locked`));
  if (rows.length === 0) return 0;
  const people = [...new Set(rows.flatMap((r) => (r.upline_id ? [r.upline_id, r.downline_id] : [r.downline_id])))];
  await tx.execute(sql`
    insert into ledger_accounts (merchant_id, member_id, wallet)
    select ${brand.id}::int, m, 'main' from unnest(${list(people)}::bigint[]) m
    on conflict (merchant_id, member_id, wallet) where member_id is not null do nothing`);
  // lock the members' accounts in id order (the ledger's order) and read their balances
  const accounts = new Map(rowsOf<{ member_id: string; id: string; balance: string }>(await tx.execute(sql`
    select member_id::text as member_id, id::text as id, balance::text as balance from ledger_accounts
     where merchant_id = ${brand.id} and wallet = 'main' and member_id = any(${list(people)}::bigint[]) order by id for update`))
    .map((a) => [a.member_id, { id: BigInt(a.id), balance: BigInt(a.balance) }]));
  const house = rows.some((r) => r.upline_id === null) ? await brandAccount(tx, brand.id, 'house') : 0n;
  const payable = rows.filter((r) => {
    if (r.upline_id === null) return true;
    const payer = accounts.get(r.upline_id)!;
    if (payer.balance < BigInt(r.amount)) return false;
    payer.balance -= BigInt(r.amount);
    return true;
  });
  if (payable.length === 0) return 0;
  const posted = await postBatch(tx, brand.id, payable.map((r) => ({
    kind: 'dividend', idemKey: `cpa_payout:${r.id}`, memberId: BigInt(r.downline_id),
    lines: [{ account: r.upline_id === null ? house : accounts.get(r.upline_id)!.id, amount: -BigInt(r.amount) }, { account: accounts.get(r.downline_id)!.id, amount: BigInt(r.amount) }],
    meta: { contractId: r.contract_id, orderNo: `CPA${r.id}`, remark: 'cpa' },
  })));
  await tx.execute(sql`
    update affiliate_cpa_payouts x set status = 'disbursed', posting_id = p.posting_id, settled_at = now()
      from unnest(${list(payable.map((r) => r.id))}::bigint[], ${list(posted.map((p) => String(p.postingId)))}::bigint[]) as p(id, posting_id)
     where x.id = p.id and x.status = 'pending'`);
  return payable.length;
}

/** The `contracts.cpa` job: compute then pay, per brand with dividends on. Answers the rows written. */
export async function settleCpa(tx: Tx | Db, brands: Brand[], now: Date): Promise<number> {
  let n = 0;
  for (const brand of brands) {
    if (!brand.modules.has(MODULES.dividend)) continue;
    n += await computeCpa(tx, brand, now);
    n += await payCpa(tx, brand);
  }
  return n;
}
