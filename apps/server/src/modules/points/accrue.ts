/**
 * Points from valid bets. Each settled bet of a real member is counted once: its id goes into
 * point_bet_accruals (primary key), and only the rows that insert returns add to the member's
 * points, inside the same transaction. Valid bet below a whole point is carried to the next bets.
 *
 * Which bets to look at: those settled at or after the brand's watermark. A bet's settled_at is
 * its transaction's start, so it may become visible a little later than newer ones: the watermark
 * only moves to `LAG_MS` before now, and the bets after it are looked at again next time (the
 * primary key makes that harmless). The job runs every brand; a member's own calls (the points
 * summary) run it for that member alone, so points show right after play.
 */
import { sql } from 'drizzle-orm';
import { points as contract } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { lockAccount, postPoints } from './ledger.ts';

export const BATCH = 5_000;
export const LAG_MS = 60_000;

export const pointsConfigOf = (brand: Pick<Brand, 'config'>): contract.PointsConfig => brand.config.points ?? contract.DEFAULT_POINTS_CONFIG;

interface NewRow { member_id: string; valid_bet: string; bet_id: string; settled_at: Date | string }

/** Points for `carry + validBet` at `perPoint`: whole points and the new carry. */
export function pointsFor(carry: bigint, validBet: bigint, perPoint: bigint): { points: bigint; carry: bigint } {
  const total = carry + validBet;
  return { points: total / perPoint, carry: total % perPoint };
}

/** Adds the counted rows to their members' points (one earn posting per member and run). */
async function credit(tx: Tx, brand: Brand, rows: NewRow[]): Promise<number> {
  const perPoint = BigInt(pointsConfigOf(brand).validBetPerPoint);
  const byMember = new Map<string, { sum: bigint; maxBet: bigint; n: number }>();
  for (const r of rows) {
    const g = byMember.get(r.member_id) ?? { sum: 0n, maxBet: 0n, n: 0 };
    g.sum += BigInt(r.valid_bet);
    g.n += 1;
    if (BigInt(r.bet_id) > g.maxBet) g.maxBet = BigInt(r.bet_id);
    byMember.set(r.member_id, g);
  }
  // members in id order: two runs lock accounts in one order
  for (const [id, g] of [...byMember].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))) {
    const memberId = BigInt(id);
    const acc = await lockAccount(tx, brand.id, memberId);
    const r = pointsFor(acc.carry, g.sum, perPoint);
    if (r.points > 0n) {
      // a bet id is counted once, so the batch's highest one names this posting uniquely
      await postPoints(tx, { merchantId: brand.id, memberId, kind: 'earn', points: r.points, idemKey: `earn:${id}:${g.maxBet}`, ref: String(g.n), carry: r.carry });
    } else {
      await tx.execute(sql`update point_accounts set carry = ${r.carry}, updated_at = now() where member_id = ${memberId}`);
    }
  }
  return byMember.size;
}

const watermarkOf = async (tx: Tx | Db, merchantId: number): Promise<Date | null> =>
  rowsOf<{ t: Date | string }>(await tx.execute(sql`select settled_through as t from point_watermarks where merchant_id = ${merchantId}`))
    .map((r) => new Date(r.t))[0] ?? null;

/** Counts the brand's new settled bets (at most BATCH) and moves its watermark. Answers the members credited. */
export async function accrueBrand(tx: Tx, brand: Brand): Promise<number> {
  const since = await watermarkOf(tx, brand.id);
  const rows = rowsOf<NewRow>(await tx.execute(sql`
    insert into point_bet_accruals (bet_id, merchant_id, member_id, valid_bet)
    select * from (
      select b.id, b.merchant_id, b.member_id, b.valid_bet
        from bet_records b join members m on m.id = b.member_id
       where b.merchant_id = ${brand.id} and b.status = 'settled' and b.valid_bet > 0 and m.type <> ${brand.config.trialType}
         and b.settled_at >= ${since ?? new Date(0)}
         and not exists (select 1 from point_bet_accruals a where a.bet_id = b.id)
       order by b.settled_at limit ${BATCH}) s
     order by s.id -- rows are claimed in bet id order everywhere: two claimers never wait on each other in a circle
    on conflict (bet_id) do nothing
    returning member_id::text, valid_bet::text, bet_id::text, (select settled_at from bet_records x where x.id = bet_id) as settled_at`));
  const credited = await credit(tx, brand, rows);
  // a full batch: there may be more at its last instant; otherwise everything up to now - LAG is
  // counted (the database's clock, the one settled_at is written with; never the caller's)
  const through = rows.length >= BATCH
    ? sql`${new Date(Math.max(...rows.map((r) => new Date(r.settled_at).getTime())))}::timestamptz`
    : sql`now() - make_interval(secs => ${LAG_MS / 1000})`;
  await tx.execute(sql`
    insert into point_watermarks (merchant_id, settled_through) values (${brand.id}, ${through})
    on conflict (merchant_id) do update set settled_through = greatest(point_watermarks.settled_through, excluded.settled_through)`);
  return credited;
}

/** The job: every brand with the points module. */
export async function accrueAll(tx: Tx, brands: Brand[]): Promise<number> {
  let n = 0;
  for (const b of brands) n += await accrueBrand(tx, b);
  return n;
}

/**
 * One member's new settled bets since the watermark (bets placed within a day before it), so
 * points show right after play. Safe beside the job: a bet both insert waits for the other and
 * then counts once.
 */
export async function accrueMember(db: Db, brand: Brand, memberId: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    const since = (await watermarkOf(tx, brand.id)) ?? new Date(0);
    const rows = rowsOf<NewRow>(await tx.execute(sql`
      insert into point_bet_accruals (bet_id, merchant_id, member_id, valid_bet)
      select b.id, b.merchant_id, b.member_id, b.valid_bet from bet_records b
       where b.merchant_id = ${brand.id} and b.member_id = ${memberId} and b.status = 'settled' and b.valid_bet > 0
         and b.bet_at >= ${new Date(since.getTime() - 86_400_000)} and b.settled_at >= ${since}
         and not exists (select 1 from point_bet_accruals a where a.bet_id = b.id)
       order by b.id limit ${BATCH}
      on conflict (bet_id) do nothing
      returning member_id::text, valid_bet::text, bet_id::text, now() as settled_at`));
    if (rows.length) await credit(tx, brand, rows);
  });
}
