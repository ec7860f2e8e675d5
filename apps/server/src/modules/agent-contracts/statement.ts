/**
 * The revenue behind the dividend (issue 25 item 3): the lines of the caller's team over a range
 * of brand days. GGR per product (bet_records of the team, by game type) with the operator's admin
 * fee per product (affiliate settings), bonuses and rebates, deposits and withdrawals with the
 * payment fee, NGR = GGR − bonuses − payment fees − admin fees, distinct active members, and the
 * tier of the caller's dividend contract the period reaches, threshold by threshold. The tiers'
 * "net loss" is the team's GGR plus the negative carry-over brought in, as settle.ts pays it
 * (rate × max(GGR + carry-in, 0)); and the CPA the caller earned in the range (issue 25 item 4).
 */
import { sql } from 'drizzle-orm';
import type { affiliate, contracts as C } from '@lobby/contract';
import { rowsOf, type Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';
import { activeMembers, affiliateSettingsOf } from '../agent/index.ts';
import * as q from './queries.ts';

/** The negative carry-over brought into [from, to) by the contract's last settlement before it, and left by its last one in it. */
async function carryOf(db: Db, contractId: string, from: Date, to: Date): Promise<{ in: bigint; out: bigint }> {
  const [r] = rowsOf<{ cin: string | null; cout: string | null }>(await db.execute(sql`
    select (select carry_out::text from agent_contract_payouts where contract_id = ${BigInt(contractId)} and period_start < ${from.toISOString()}::timestamptz
             order by period_start desc limit 1) as cin,
           (select carry_out::text from agent_contract_payouts where contract_id = ${BigInt(contractId)} and period_start >= ${from.toISOString()}::timestamptz
               and period_start < ${to.toISOString()}::timestamptz order by period_start desc limit 1) as cout`));
  const cin = BigInt(r?.cin ?? 0);
  return { in: cin, out: r?.cout === null || r?.cout === undefined ? cin : BigInt(r.cout) };
}

/** The caller's CPA payouts computed in [from, to): one line per qualified player (at most 500). */
async function cpaLines(db: Db, merchantId: number, me: bigint, from: Date, to: Date) {
  return rowsOf<{ account: string; ftd_day: string; first_deposit: string; valid_bet: string; amount: string; status: 'pending' | 'disbursed'; created_at: string | Date }>(await db.execute(sql`
    select m.username as account, x.ftd_day::text as ftd_day, x.first_deposit::text as first_deposit, x.valid_bet::text as valid_bet,
           x.amount::text as amount, x.status, x.created_at
      from affiliate_cpa_payouts x join members m on m.id = x.member_id
     where x.merchant_id = ${merchantId} and x.downline_id = ${me}
       and x.created_at >= ${from.toISOString()}::timestamptz and x.created_at < ${to.toISOString()}::timestamptz
     order by x.id desc limit 500`));
}

const bpsOf = (amount: bigint, bps: number) => (amount > 0n ? (amount * BigInt(bps)) / 10_000n : 0n);

export async function statement(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string }): Promise<affiliate.StatementValue> {
  const me = requireAgent(p).member;
  const { from, to } = dayRange(brand, query.startDate, query.endDate);
  const [products, teamRows, active, settings, contracts, cpa] = await Promise.all([
    db.execute(sql`
      select b.game_type as product, sum(b.bet)::text as bet, sum(b.valid_bet)::text as valid_bet, (-sum(b.profit))::text as ggr
        from bet_records b
       where b.merchant_id = ${brand.id} and b.bet_at >= ${from.toISOString()}::timestamptz and b.bet_at < ${to.toISOString()}::timestamptz
         and b.status <> 'refunded'
         and (select 1 from member_tree t where t.ancestor_id = ${me.id} and t.descendant_id = b.member_id and t.depth > 0) = 1
       group by b.game_type order by b.game_type`),
    db.execute(sql`
      select coalesce(sum(bonus), 0)::text as bonus, coalesce(sum(deposits), 0)::text as deposits, coalesce(sum(withdrawals), 0)::text as withdrawals,
             coalesce(sum(valid_bet), 0)::text as valid_bet
        from agent_team_daily where agent_id = ${me.id} and day between ${query.startDate}::date and ${query.endDate}::date`),
    activeMembers(db, me.id, query.startDate, query.endDate),
    affiliateSettingsOf(db, brand.id),
    db.execute(sql`select id::text as id, period, plan, negative_carry from agent_contracts where merchant_id = ${brand.id} and downline_id = ${me.id} and kind = 'dividend' and status = 'success' limit 1`),
    cpaLines(db, brand.id, me.id, from, to),
  ]);
  const lines = rowsOf<{ product: string; bet: string; valid_bet: string; ggr: string }>(products).map((r) => {
    const fee = (settings.adminFeeBps as Record<string, number>)[r.product] ?? 0;
    return { product: r.product, bet: BigInt(r.bet), validBet: BigInt(r.valid_bet), ggr: BigInt(r.ggr), feeBps: fee, fee: bpsOf(BigInt(r.ggr), fee) };
  });
  const t = rowsOf<{ bonus: string; deposits: string; withdrawals: string; valid_bet: string }>(teamRows)[0]!;
  const ggr = lines.reduce((a, l) => a + l.ggr, 0n);
  const adminFees = lines.reduce((a, l) => a + l.fee, 0n);
  const bonus = BigInt(t.bonus);
  const deposits = BigInt(t.deposits);
  const withdrawals = BigInt(t.withdrawals);
  const paymentFees = bpsOf(deposits + withdrawals, settings.paymentFeeBps);
  const validBet = BigInt(t.valid_bet);
  const ngr = ggr - bonus - paymentFees - adminFees;

  let contract: affiliate.StatementValue['contract'] = null;
  const c = rowsOf<{ id: string; period: string; plan: C.Plan; negative_carry: C.NegativeCarry }>(contracts)[0];
  if (c) {
    const carry = await carryOf(db, c.id, from, to);
    const net = ggr + carry.in;
    const tiers = (await q.tiersOf(db, [c.id])).sort((a, b) => a.idx - b.idx);
    const checked = tiers.map((x) => {
      const why = [
        { rule: 'validBet' as const, need: formatAmount(x.min_bet), have: formatAmount(validBet), met: validBet >= BigInt(x.min_bet) },
        { rule: 'netLoss' as const, need: formatAmount(x.net_loss), have: formatAmount(net > 0n ? net : 0n), met: (net > 0n ? net : 0n) >= BigInt(x.net_loss) },
        { rule: 'activeMembers' as const, need: String(x.active_members), have: String(active), met: active >= x.active_members },
      ];
      return { idx: x.idx, minBet: formatAmount(x.min_bet), netLoss: formatAmount(x.net_loss), activeMembers: x.active_members,
        rate: `${(Number(x.rate) / 100).toFixed(2)}%`, reached: why.every((w) => w.met), why, rateBps: BigInt(x.rate) };
    });
    const top = [...checked].reverse().find((x) => x.reached) ?? null;
    contract = {
      id: c.id, period: c.period, reachedIdx: top?.idx ?? null,
      estimate: formatAmount(top ? ((net > 0n ? net : 0n) * top.rateBps) / 10_000n : 0n),
      tiers: checked.map(({ rateBps: _r, ...x }) => x),
      plan: c.plan, negativeCarry: c.negative_carry, carryIn: formatAmount(carry.in), carryOut: formatAmount(carry.out),
    };
  }
  return {
    startDate: query.startDate, endDate: query.endDate,
    products: lines.map((l) => ({ product: l.product, betAmount: formatAmount(l.bet), validBet: formatAmount(l.validBet), ggr: formatAmount(l.ggr), adminFeeBps: l.feeBps, adminFee: formatAmount(l.fee) })),
    ggr: formatAmount(ggr), bonus: formatAmount(bonus), deposits: formatAmount(deposits), withdrawals: formatAmount(withdrawals),
    paymentFeeBps: settings.paymentFeeBps, paymentFees: formatAmount(paymentFees), adminFees: formatAmount(adminFees), ngr: formatAmount(ngr),
    validBet: formatAmount(validBet), activeMembers: active, contract,
    cpa: { qualified: cpa.length, amount: formatAmount(cpa.reduce((a, l) => a + BigInt(l.amount), 0n)), lines: cpa.map((l) => ({
      account: l.account, ftdDay: l.ftd_day, firstDeposit: formatAmount(l.first_deposit), validBet: formatAmount(l.valid_bet), amount: formatAmount(l.amount),
      status: l.status, at: new Date(l.created_at).toISOString(),
    })) },
  };
}
