import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { enqueuePostback } from './postbacks.ts';

/**
 * affiliate_link_daily for the brand days the rollup touched: one grouped pass over those days'
 * member rows (agent_daily_stats) of attributed members, by link, campaign and sub-ID. Clicks are
 * not touched (counted as they come). GGR = bet − win = −profit; NGR = GGR − bonuses and rebates.
 * Then the FTD postbacks of those days' first deposits are queued (once per member).
 */
export async function recomputeLinks(tx: Db | Tx, days: { merchantId: number; day: string }[]): Promise<number> {
  if (days.length === 0) return 0;
  const list = sql.join(days.map((d) => sql`(${d.merchantId}::int, ${d.day}::date)`), sql`, `);
  const res = await tx.execute(sql`
    with d(merchant_id, day) as (values ${list})
    insert into affiliate_link_daily as l (merchant_id, agent_id, day, link_key, campaign, sub_id,
      registrations, ftds, deposits, valid_bet, ggr, bonus, ngr, updated_at)
    select a.merchant_id, a.agent_id, s.day, a.link_key, a.campaign, a.sub_id,
           count(*) filter (where s.registered), count(*) filter (where s.first_deposit), sum(s.deposits), sum(s.valid_bet),
           -sum(s.profit), sum(s.bonus), -sum(s.profit) - sum(s.bonus), now()
      from d
      join agent_daily_stats s on s.merchant_id = d.merchant_id and s.day = d.day
      join affiliate_attribution a on a.member_id = s.member_id
     group by a.merchant_id, a.agent_id, s.day, a.link_key, a.campaign, a.sub_id
    on conflict (agent_id, day, link_key, campaign, sub_id) do update set
      registrations = excluded.registrations, ftds = excluded.ftds, deposits = excluded.deposits, valid_bet = excluded.valid_bet,
      ggr = excluded.ggr, bonus = excluded.bonus, ngr = excluded.ngr, updated_at = excluded.updated_at`);
  const n = (res as unknown as { rowCount?: number }).rowCount ?? 0;
  // first deposits of attributed members whose agent has an FTD template and no FTD postback yet
  const ftds = rowsOf<{ member_id: string; merchant_id: number; agent_id: string; campaign: string; sub_id: string; click_id: string | null; amount: string | null }>(await tx.execute(sql`
    with d(merchant_id, day) as (values ${list})
    select a.member_id::text, a.merchant_id, a.agent_id::text, a.campaign, a.sub_id, a.click_id,
           (select o.amount::text from deposit_orders o where o.merchant_id = a.merchant_id and o.member_id = a.member_id
             and o.status = 'confirmed' order by o.closed_at, o.id limit 1) as amount
      from d
      join agent_daily_stats s on s.merchant_id = d.merchant_id and s.day = d.day and s.first_deposit
      join affiliate_attribution a on a.member_id = s.member_id
      join affiliate_postback_urls u on u.agent_id = a.agent_id and u.event = 'ftd'
     where not exists (select 1 from affiliate_postbacks p where p.member_id = a.member_id and p.event = 'ftd')`));
  for (const f of ftds) {
    await enqueuePostback(tx, null, {
      memberId: BigInt(f.member_id), merchantId: Number(f.merchant_id), agentId: BigInt(f.agent_id), campaign: f.campaign, subId: f.sub_id, clickId: f.click_id,
    }, 'ftd', f.amount === null ? undefined : BigInt(f.amount));
  }
  return n;
}
