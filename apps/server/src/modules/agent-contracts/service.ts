import { contracts as C, wallet, type contracts } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, requireRealAccount, type Principal } from '../../plugins/session.ts';
import { downlineOf } from '../agent/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { baseline } from './settle.ts';
import { hundredths, isUnique, maxOf, parsePlan, parseTiers, requireKind } from './terms.ts';
import { viewsOf } from './views.ts';

type Kind = contracts.ContractKind;

/**
 * Contract rules: offer, accept, reject, terminate and the cascade of a lower rate (see the
 * contract's doc in packages/contract/src/contracts.ts). Who may act is decided here: every
 * call needs an agent (requireAgent); an offer goes to a direct downline agent (agent
 * service's downlineOf, the one authorisation of the caller's subtree); the other actions to
 * a party of the contract, each side only its own moves.
 */

/**
 * The caller's own rate of a kind: its contract in force; a top agent (no agent above it) has
 * the brand-wide caps; any other agent without a contract has none (0).
 */
async function capOf(db: Db | Tx, brand: Brand, me: bigint, kind: Kind): Promise<{ pct: bigint; fixed: bigint }> {
  const own = await q.ownRate(db, brand.id, me, kind);
  if (own) return own;
  const parent = await q.parentType(db, me);
  if (parent === null || !brand.config.agentTypes.includes(parent)) {
    return { pct: hundredths(C.TOP_AGENT_MAX[kind].pct), fixed: hundredths(C.TOP_AGENT_MAX[kind].fixed) };
  }
  return { pct: 0n, fixed: 0n };
}

async function view(db: Db | Tx, brand: Brand, id: bigint, me: bigint): Promise<contracts.Contract> {
  const r = await q.contractById(db, brand.id, id);
  if (!r) throw new AppError('contract.not.found');
  return (await viewsOf(db, brand, [r], me))[0]!;
}

/** The most CPA the caller may offer: its own contract's; a top agent without one CPA_TOP_MAX; else 0. */
async function cpaCapOf(db: Db | Tx, brand: Brand, me: bigint): Promise<bigint> {
  const own = await q.ownCpa(db, brand.id, me);
  if (own !== null) return own;
  const parent = await q.parentType(db, me);
  return parent === null || !brand.config.agentTypes.includes(parent) ? hundredths(C.CPA_TOP_MAX) : 0n;
}

type OfferBody = { downlineId: string; kind: Kind; period?: contracts.DividendPeriod; tiers: contracts.TierInput[]; plan?: contracts.Plan; negativeCarry?: contracts.NegativeCarry; cpa?: contracts.CpaInput };

export async function offer(db: Db, brand: Brand, p: Principal, body: OfferBody) {
  const me = requireAgent(p).member;
  requireKind(brand, body.kind);
  const { id: downline } = await downlineOf(db, brand, p, body.downlineId, { direct: true });
  const period = body.kind === 'dividend' ? body.period : null;
  if (period === undefined) throw new AppError('request_param_err', undefined, { fields: ['body.period'] });
  const tiers = parseTiers(body.kind, body.tiers);
  const plan = parsePlan(body.kind, tiers, body);
  const maxPct = maxOf(tiers, 'P');
  const maxFixed = maxOf(tiers, 'F');
  const id = await db.transaction(async (tx) => {
    const type = await q.memberType(tx, downline);
    if (type === null || !brand.config.agentTypes.includes(type)) throw new AppError('contract.downline.not.agent');
    const cap = await capOf(tx, brand, me.id, body.kind);
    if (maxPct > cap.pct) throw new AppError('contract.rate.exceeds', { max: `${formatAmount(cap.pct)}%` });
    if (maxFixed > cap.fixed) throw new AppError('contract.rate.exceeds', { max: formatAmount(cap.fixed) });
    if (plan.cpa) {
      const cpaCap = await cpaCapOf(tx, brand, me.id);
      if (plan.cpa.amount > cpaCap) throw new AppError('contract.rate.exceeds', { max: formatAmount(cpaCap) });
    }
    return q.insertContract(tx, { merchantId: brand.id, kind: body.kind, upline: me.id, downline, period, maxPct, maxFixed }, tiers, plan);
  }).catch((err: unknown) => {
    if (isUnique(err)) throw new AppError('contract.offer.pending');
    throw err;
  });
  return view(db, brand, id, me.id);
}

export async function list(db: Db, brand: Brand, p: Principal, query: { role: 'downline' | 'upline'; kind?: Kind; status?: contracts.ContractStatus; downlineId?: string; pageNo: number; pageSize: number }) {
  const me = requireAgent(p).member;
  const { rows, total } = await q.listContracts(db, brand.id, me.id, {
    role: query.role, kind: query.kind, status: query.status, downlineId: query.downlineId === undefined ? undefined : BigInt(query.downlineId),
    limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: await viewsOf(db, brand, rows, me.id),
    pageNo: query.pageNo, totalPages: Math.ceil(total / query.pageSize), total,
  };
}

type Action = 'accept' | 'reject' | 'terminate';

/**
 * The state machine (spec §4): new -accept(downline)-> success; new -reject(downline)->
 * termination (rejected); new -terminate(upline)-> termination (withdrawn); success
 * -terminate(either)-> termination (terminated). Anything else is contract.state.invalid (a
 * move of the wrong side contract.action.forbidden); a contract of which the caller is not a
 * party does not exist for it.
 */
export async function act(db: Db, brand: Brand, p: Principal, action: Action, body: { contractId: string }) {
  const me = requireAgent(p).member;
  await db.transaction(async (tx) => {
    const c = await q.contractById(tx, brand.id, BigInt(body.contractId), true);
    const isDown = c !== undefined && BigInt(c.downline_id) === me.id;
    const isUp = c !== undefined && c.upline_id !== null && BigInt(c.upline_id) === me.id;
    if (!c || !(isDown || isUp)) throw new AppError('contract.not.found');
    requireKind(brand, c.kind);
    const id = BigInt(c.id);
    if (action === 'accept' || action === 'reject') {
      if (!isDown) throw new AppError('contract.action.forbidden');
      if (c.status !== 'new') throw new AppError('contract.state.invalid');
      if (action === 'reject') return q.setStatus(tx, id, 'termination', 'rejected', me.id);
      await q.endLive(tx, brand.id, me.id, c.kind, me.id);
      await q.setStatus(tx, id, 'success', null, null);
      await baseline(tx, brand, c.kind, id);
      // my rate of this kind is now this contract's: what I offered above it ends
      await q.cascade(tx, brand.id, me.id, c.kind, BigInt(c.max_pct), BigInt(c.max_fixed));
      return;
    }
    if (c.status === 'new') {
      if (!isUp) throw new AppError('contract.state.invalid');
      return q.setStatus(tx, id, 'termination', 'withdrawn', me.id);
    }
    if (c.status !== 'success') throw new AppError('contract.state.invalid');
    await q.setStatus(tx, id, 'termination', 'terminated', me.id);
    // the downline has no rate of this kind left
    await q.cascade(tx, brand.id, BigInt(c.downline_id), c.kind, 0n, 0n);
  });
  return view(db, brand, BigInt(body.contractId), me.id);
}

const ALL = [...wallet.CONTRACT_GAME_TYPES];

/** The consolidated contract flags of a member (§3): game types with an offer waiting or a contract in force, per kind. */
export async function contractFlags(db: Db, brand: Brand, memberId: bigint): Promise<contracts.FlagsValue> {
  const rows = await q.flagsOf(db, brand.id, memberId);
  const has = (kind: Kind, status: 'new' | 'success') => (rows.some((r) => r.kind === kind && r.status === status && brand.modules.has(C.CONTRACT_MODULE[kind])) ? [...ALL] : []);
  return {
    dailysalreqtype: has('daily', 'new'), divtypereq: has('dividend', 'new'), contracthoursalreq: has('hourly', 'new'), realtimesalreqtype: has('realtime', 'new'),
    dailysalinfotype: has('daily', 'success'), divtypeinfo: has('dividend', 'success'), contracthoursalinfo: has('hourly', 'success'), realtimesalinfotype: has('realtime', 'success'),
    pendingOffers: rows.filter((r) => r.status === 'new' && brand.modules.has(C.CONTRACT_MODULE[r.kind])).reduce((a, r) => a + r.n, 0),
  };
}

export async function flags(db: Db, brand: Brand, p: Principal) {
  return contractFlags(db, brand, requireRealAccount(p).member.id);
}
