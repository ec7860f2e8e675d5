import { sql } from 'drizzle-orm';
import { contracts as C, type contracts } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandAccount, formatAmount, postBatch } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { hundredths, isUnique, maxOf, parsePlan, parseTiers, POSTING_KIND, requireKind } from './terms.ts';
import { viewsOf } from './views.ts';

type Kind = contracts.ContractKind;

/**
 * The platform's side of a top agent's contracts (operator calls; see platformOffer in
 * packages/contract/src/contracts.ts): a contract without an upline member. The top agent
 * accepts, rejects or terminates it with the ordinary calls; its accepted rate caps its own
 * offers (service.capOf reads the contract in force first). Payouts of these contracts come
 * from the brand's house wallet (payPlatform), before the upline-paid rows of the same run.
 */

/** The brand's member with this account when it is a top agent (an agent whose direct upline is not one). */
async function topAgent(db: Db | Tx, brand: Brand, account: string): Promise<bigint> {
  const [row] = rowsOf<{ id: string; type: number; parent_type: number | null }>(await db.execute(sql`
    select m.id::text as id, m.type, p.type as parent_type from members m left join members p on p.id = m.parent_id
     where m.merchant_id = ${brand.id} and m.username_key = ${account.toLowerCase()}`));
  const agents = brand.config.agentTypes;
  if (!row || !agents.includes(row.type) || (row.parent_type !== null && agents.includes(row.parent_type))) throw new AppError('contract.not.top.agent');
  return BigInt(row.id);
}

async function view(db: Db | Tx, brand: Brand, id: bigint) {
  const r = await q.contractById(db, brand.id, id);
  if (!r) throw new AppError('contract.not.found');
  return (await viewsOf(db, brand, [r], null))[0]!;
}

type OfferBody = { account: string; kind: Kind; period?: contracts.DividendPeriod; tiers: contracts.TierInput[]; plan?: contracts.Plan; negativeCarry?: contracts.NegativeCarry; cpa?: contracts.CpaInput };

export async function platformOffer(db: Db, brand: Brand, body: OfferBody) {
  requireKind(brand, body.kind);
  const downline = await topAgent(db, brand, body.account);
  const period = body.kind === 'dividend' ? body.period : null;
  if (period === undefined) throw new AppError('request_param_err', undefined, { fields: ['body.period'] });
  const tiers = parseTiers(body.kind, body.tiers);
  const plan = parsePlan(body.kind, tiers, body);
  const maxPct = maxOf(tiers, 'P');
  const maxFixed = maxOf(tiers, 'F');
  const cap = { pct: hundredths(C.TOP_AGENT_MAX[body.kind].pct), fixed: hundredths(C.TOP_AGENT_MAX[body.kind].fixed) };
  if (maxPct > cap.pct) throw new AppError('contract.rate.exceeds', { max: `${formatAmount(cap.pct)}%` });
  if (maxFixed > cap.fixed) throw new AppError('contract.rate.exceeds', { max: formatAmount(cap.fixed) });
  const cpaCap = hundredths(C.CPA_TOP_MAX);
  if (plan.cpa && plan.cpa.amount > cpaCap) throw new AppError('contract.rate.exceeds', { max: formatAmount(cpaCap) });
  const id = await db.transaction((tx) => q.insertContract(tx, { merchantId: brand.id, kind: body.kind, upline: null, downline, period, maxPct, maxFixed }, tiers, plan))
    .catch((err: unknown) => {
      if (isUnique(err)) throw new AppError('contract.offer.pending');
      throw err;
    });
  return view(db, brand, id);
}

/** Withdraws a platform offer or terminates a platform contract in force (the top agent's offers of the kind then end). */
export async function platformTerminate(db: Db, brand: Brand, body: { contractId: string }) {
  const id = BigInt(body.contractId);
  await db.transaction(async (tx) => {
    const c = await q.contractById(tx, brand.id, id, true);
    if (!c || c.upline_id !== null) throw new AppError('contract.not.found');
    if (c.status === 'new') return q.setStatus(tx, id, 'termination', 'withdrawn', null);
    if (c.status !== 'success') throw new AppError('contract.state.invalid');
    await q.setStatus(tx, id, 'termination', 'terminated', null);
    await q.cascade(tx, brand.id, BigInt(c.downline_id), c.kind, 0n, 0n);
  });
  return view(db, brand, id);
}

/**
 * Pays the brand's pending payouts of platform contracts (of `kind`) from its house wallet, one
 * ledger posting per row under the same key as the upline-paid ones (contract_payout:<id>), so a
 * rerun after a crash moves nothing again. The rows are locked first; answers the rows paid.
 */
export async function payPlatform(tx: Tx | Db, brand: Brand, kind: Kind): Promise<number> {
  const rows = rowsOf<{ id: string; contract_id: string; downline_id: string; amount: string }>(await tx.execute(sql`
    select id::text as id, contract_id::text as contract_id, downline_id::text as downline_id, amount::text as amount
      from agent_contract_payouts where merchant_id = ${brand.id} and kind = ${kind} and status = 'pending' and upline_id is null
     order by id for update`));
  if (rows.length === 0) return 0;
  const house = await brandAccount(tx, brand.id, 'house');
  await tx.execute(sql`
    insert into ledger_accounts (merchant_id, member_id, wallet)
    select distinct ${brand.id}::int, d, 'main' from unnest(${`{${rows.map((r) => r.downline_id).join(',')}}`}::bigint[]) d
    on conflict (merchant_id, member_id, wallet) where member_id is not null do nothing`);
  const accounts = new Map(rowsOf<{ member_id: string; id: string }>(await tx.execute(sql`
    select member_id::text as member_id, id::text as id from ledger_accounts
     where merchant_id = ${brand.id} and wallet = 'main' and member_id = any(${`{${rows.map((r) => r.downline_id).join(',')}}`}::bigint[])`)).map((a) => [a.member_id, BigInt(a.id)]));
  const posted = await postBatch(tx, brand.id, rows.map((r) => ({
    kind: POSTING_KIND[kind], idemKey: `contract_payout:${r.id}`, memberId: BigInt(r.downline_id),
    lines: [{ account: house, amount: -BigInt(r.amount) }, { account: accounts.get(r.downline_id)!, amount: BigInt(r.amount) }],
    meta: { contractId: r.contract_id, orderNo: `C${r.id}`, remark: kind },
  })));
  await tx.execute(sql`
    update agent_contract_payouts x set status = 'disbursed', posting_id = p.posting_id, settled_at = now()
      from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[], ${`{${posted.map((p) => p.postingId).join(',')}}`}::bigint[]) as p(id, posting_id)
     where x.id = p.id and x.status = 'pending'`);
  return rows.length;
}
