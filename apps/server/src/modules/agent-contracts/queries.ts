import { sql, type SQL } from 'drizzle-orm';
import type { contracts } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';

/** Contract queries: the contracts, their tiers and the state changes (set-based where it matters). */

export interface ContractRow {
  id: string; merchant_id: number; kind: contracts.ContractKind; status: 'new' | 'success' | 'termination';
  end_reason: string | null; period: string | null; upline_id: string | null; upline_account: string | null;
  downline_id: string; downline_account: string; max_pct: string; max_fixed: string;
  created_at: Date | string; accepted_at: Date | string | null; ended_at: Date | string | null;
  plan: contracts.Plan; negative_carry: contracts.NegativeCarry;
}
export interface CpaRow { contract_id: string; amount: string; min_deposit: string | null; min_valid_bet: string | null; days: number | null }
export interface TierRow { contract_id: string; idx: number; min_bet: string; net_loss: string; active_members: number; rate_type: 'P' | 'F'; rate: string }

const columns = sql`
  c.id::text as id, c.merchant_id, c.kind, c.status, c.end_reason, c.period, c.upline_id::text as upline_id, u.username as upline_account,
  c.downline_id::text as downline_id, d.username as downline_account, c.max_pct::text as max_pct, c.max_fixed::text as max_fixed,
  c.created_at, c.accepted_at, c.ended_at, c.plan, c.negative_carry`;

/** One contract of the brand (locked for update inside a transaction when `lock`). */
export async function contractById(db: Db | Tx, merchantId: number, id: bigint, lock = false): Promise<ContractRow | undefined> {
  return rowsOf<ContractRow>(await db.execute(sql`
    select ${columns} from agent_contracts c left join members u on u.id = c.upline_id join members d on d.id = c.downline_id
     where c.id = ${id} and c.merchant_id = ${merchantId} ${lock ? sql`for update of c` : sql``}`))[0];
}

export interface ListFilter { role: 'downline' | 'upline'; kind?: contracts.ContractKind; status?: string; downlineId?: bigint; limit: number; offset: number }

export async function listContracts(db: Db, merchantId: number, me: bigint, f: ListFilter) {
  const where: SQL[] = [sql`c.merchant_id = ${merchantId}`, f.role === 'downline' ? sql`c.downline_id = ${me}` : sql`c.upline_id = ${me}`];
  if (f.kind) where.push(sql`c.kind = ${f.kind}`);
  if (f.status) where.push(sql`c.status = ${f.status}`);
  if (f.downlineId !== undefined) where.push(sql`c.downline_id = ${f.downlineId}`);
  const cond = sql.join(where, sql` and `);
  const [rows, total] = await Promise.all([
    db.execute(sql`select ${columns} from agent_contracts c left join members u on u.id = c.upline_id join members d on d.id = c.downline_id
      where ${cond} order by c.id desc limit ${f.limit} offset ${f.offset}`),
    db.execute(sql`select count(*)::int as n from agent_contracts c where ${cond}`),
  ]);
  return { rows: rowsOf<ContractRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

export async function tiersOf(db: Db | Tx, ids: string[]): Promise<TierRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<TierRow>(await db.execute(sql`
    select contract_id::text as contract_id, idx, min_bet::text as min_bet, net_loss::text as net_loss, active_members, rate_type, rate::text as rate
      from agent_contract_tiers where contract_id in (${sql.join(ids.map((i) => sql`${BigInt(i)}`), sql`, `)}) order by contract_id, idx`));
}

/** The CPA terms of contracts (CPA and hybrid plans), by contract id. */
export async function cpaOf(db: Db | Tx, ids: string[]): Promise<Map<string, CpaRow>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<CpaRow>(await db.execute(sql`
    select contract_id::text as contract_id, amount::text as amount, min_deposit::text as min_deposit, min_valid_bet::text as min_valid_bet, days
      from agent_contract_cpa where contract_id in (${sql.join(ids.map((i) => sql`${BigInt(i)}`), sql`, `)})`));
  return new Map(rows.map((r) => [r.contract_id, r]));
}

/** The CPA amount of the member's dividend contract in force (0: none or no CPA), null when it has no dividend contract in force. */
export async function ownCpa(db: Db | Tx, merchantId: number, member: bigint): Promise<bigint | null> {
  const [row] = rowsOf<{ amount: string | null }>(await db.execute(sql`
    select p.amount::text as amount from agent_contracts c left join agent_contract_cpa p on p.contract_id = c.id
     where c.merchant_id = ${merchantId} and c.downline_id = ${member} and c.kind = 'dividend' and c.status = 'success'`));
  return row ? BigInt(row.amount ?? 0) : null;
}

export interface NewTier { minBet: bigint; netLoss: bigint; active: number; rateType: 'P' | 'F'; rate: bigint }

type Plan = { plan: contracts.Plan; negativeCarry: contracts.NegativeCarry; cpa: { amount: bigint; minDeposit: bigint | null; minValidBet: bigint | null; days: number | null } | null };
const NO_PLAN: Plan = { plan: 'revshare', negativeCarry: 'off', cpa: null };

export async function insertContract(tx: Tx, c: { merchantId: number; kind: contracts.ContractKind; upline: bigint | null; downline: bigint; period: string | null; maxPct: bigint; maxFixed: bigint }, tiers: NewTier[], plan: Plan = NO_PLAN): Promise<bigint> {
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
    insert into agent_contracts (merchant_id, kind, upline_id, downline_id, period, max_pct, max_fixed, plan, negative_carry)
    values (${c.merchantId}, ${c.kind}, ${c.upline}, ${c.downline}, ${c.period}, ${c.maxPct}, ${c.maxFixed}, ${plan.plan}, ${plan.negativeCarry}) returning id::text as id`));
  const id = BigInt(row!.id);
  const p = plan.cpa;
  if (p) {
    await tx.execute(sql`insert into agent_contract_cpa (contract_id, amount, min_deposit, min_valid_bet, days)
      values (${id}, ${p.amount}, ${p.minDeposit}, ${p.minValidBet}, ${p.days})`);
  }
  if (tiers.length === 0) return id;
  await tx.execute(sql`insert into agent_contract_tiers (contract_id, idx, min_bet, net_loss, active_members, rate_type, rate) values
    ${sql.join(tiers.map((t, i) => sql`(${id}, ${i}, ${t.minBet}, ${t.netLoss}, ${t.active}, ${t.rateType}, ${t.rate})`), sql`, `)}`);
  return id;
}

/** The caller's own contract of a kind in force: its highest percent and fixed rates. */
export async function ownRate(db: Db | Tx, merchantId: number, member: bigint, kind: contracts.ContractKind): Promise<{ pct: bigint; fixed: bigint } | null> {
  const [row] = rowsOf<{ pct: string; fixed: string }>(await db.execute(sql`
    select max_pct::text as pct, max_fixed::text as fixed from agent_contracts
     where merchant_id = ${merchantId} and downline_id = ${member} and kind = ${kind} and status = 'success'`));
  return row ? { pct: BigInt(row.pct), fixed: BigInt(row.fixed) } : null;
}

export async function setStatus(tx: Tx, id: bigint, to: 'success' | 'termination', reason: string | null, by: bigint | null): Promise<void> {
  await tx.execute(to === 'success'
    ? sql`update agent_contracts set status = 'success', accepted_at = now() where id = ${id}`
    : sql`update agent_contracts set status = 'termination', end_reason = ${reason}, ended_by = ${by}, ended_at = now() where id = ${id}`);
}

/** Ends the downline's contract of `kind` in force (replaced by the one it accepts). */
export async function endLive(tx: Tx, merchantId: number, downline: bigint, kind: contracts.ContractKind, by: bigint): Promise<void> {
  await tx.execute(sql`update agent_contracts set status = 'termination', end_reason = 'replaced', ended_by = ${by}, ended_at = now()
    where merchant_id = ${merchantId} and downline_id = ${downline} and kind = ${kind} and status = 'success'`);
}

/**
 * `agent`'s rate of `kind` is now (pct, fixed): every contract it offered of that kind above it
 * ends (offers too), and the downlines whose contract in force ended have no rate left, so
 * theirs end in turn, down the tree (one statement per level). Answers the contracts ended.
 */
export async function cascade(tx: Tx, merchantId: number, agent: bigint, kind: contracts.ContractKind, pct: bigint, fixed: bigint): Promise<number> {
  let uplines = [agent];
  let caps = { pct, fixed };
  let ended = 0;
  for (let level = 0; uplines.length > 0 && level < 1000; level++) {
    const hit = rowsOf<{ downline_id: string; was: string }>(await tx.execute(sql`
      with hit as (
        select id, downline_id, status from agent_contracts
         where merchant_id = ${merchantId} and kind = ${kind} and status in ('new', 'success')
           and upline_id in (${sql.join(uplines.map((u) => sql`${u}`), sql`, `)})
           and (max_pct > ${caps.pct} or max_fixed > ${caps.fixed})
         for update),
      upd as (
        update agent_contracts c set status = 'termination', end_reason = 'upline_rate', ended_at = now()
          from hit where c.id = hit.id returning c.id)
      select hit.downline_id::text as downline_id, hit.status as was from hit join upd on upd.id = hit.id`));
    ended += hit.length;
    uplines = hit.filter((h) => h.was === 'success').map((h) => BigInt(h.downline_id));
    caps = { pct: 0n, fixed: 0n };
  }
  return ended;
}

/** Offers waiting for and contracts in force of a member, per kind. */
export async function flagsOf(db: Db, merchantId: number, member: bigint) {
  return rowsOf<{ kind: contracts.ContractKind; status: 'new' | 'success'; n: number }>(await db.execute(sql`
    select kind, status, count(*)::int as n from agent_contracts
     where merchant_id = ${merchantId} and downline_id = ${member} and status in ('new', 'success') group by kind, status`));
}

/** The type of a member's direct upline (null: none). */
export async function parentType(db: Db | Tx, member: bigint): Promise<number | null> {
  const [row] = rowsOf<{ type: number | null }>(await db.execute(sql`
    select p.type from members m left join members p on p.id = m.parent_id where m.id = ${member}`));
  return row?.type ?? null;
}

export async function memberType(db: Db | Tx, member: bigint): Promise<number | null> {
  const [row] = rowsOf<{ type: number }>(await db.execute(sql`select type from members where id = ${member}`));
  return row?.type ?? null;
}
