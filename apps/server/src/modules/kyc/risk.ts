/**
 * Risk signals from what the product records (contract risk.ts lists them), each with its
 * evidence, and the member's score from the brand's weights (kyc settings). Every query starts
 * from the member's own rows and reaches the others through an index: risk_marks_value,
 * withdraw_accounts_number / _payee, member_ips_ip, members_parent, bet_records_member.
 * Loopback addresses (local development, health checks) are not compared.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { risk, type kyc } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { settingsOf } from './settings.ts';

type D = Db | Tx;
const SHOW = 20;
const DAY = "interval '1 day'";
const notLoopback = (col: ReturnType<typeof sql.raw>) => sql`not (${col} like '127.%' or ${col} = '::1' or ${col} like '::ffff:127.%')`;

/** The /24 range of an IPv4 address (IPv4-mapped IPv6 too); null for IPv6. */
export function ipRange(ip: string): string | null {
  const m = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  return m ? `${m[1]}.0/24` : null;
}
const isLoopback = (ip: string) => ip.startsWith('127.') || ip === '::1' || ip.toLowerCase().startsWith('::ffff:127.');

/** Records the device (the web app's fingerprint, hashed again) and the address of a member's session. */
export async function recordMarks(db: D, merchantId: number, memberId: bigint, fingerprint: string | null, ip: string) {
  const marks: Array<{ kind: 'device' | 'ip' | 'ip24'; value: string }> = [];
  if (fingerprint) marks.push({ kind: 'device', value: createHash('sha256').update(`${merchantId}:${fingerprint}`).digest('hex') });
  if (ip && !isLoopback(ip)) {
    marks.push({ kind: 'ip', value: ip });
    const range = ipRange(ip);
    if (range) marks.push({ kind: 'ip24', value: range });
  }
  for (const m of marks) {
    await db.execute(sql`insert into risk_marks (merchant_id, member_id, kind, value) values (${merchantId}, ${memberId}, ${m.kind}, ${m.value})
      on conflict (member_id, kind, value) do update set last_seen_at = now()`);
  }
}

const mask = (s: string) => (s.length <= 4 ? '****' : `****${s.slice(-4)}`);

async function sharedMarks(db: D, merchantId: number, memberId: bigint, kinds: string[]) {
  return rowsOf<{ username: string; kind: string; value: string }>(await db.execute(sql`
    select distinct m2.username, a.kind, a.value from risk_marks a
    join risk_marks b on b.merchant_id = a.merchant_id and b.kind = a.kind and b.value = a.value and b.member_id <> a.member_id
    join members m2 on m2.id = b.member_id
    where a.member_id = ${memberId} and a.merchant_id = ${merchantId} and a.kind in ${sql.raw(`(${kinds.map((k) => `'${k}'`).join(',')})`)}
    order by m2.username limit ${SHOW}`));
}

async function sharedLoginIps(db: D, merchantId: number, memberId: bigint) {
  return rowsOf<{ username: string; ip: string }>(await db.execute(sql`
    select distinct m2.username, a.ip from member_ips a
    join member_ips b on b.ip = a.ip and b.member_id <> a.member_id
    join members m2 on m2.id = b.member_id and m2.merchant_id = ${merchantId}
    where a.member_id = ${memberId} and ${notLoopback(sql.raw('a.ip'))}
    order by m2.username limit ${SHOW}`));
}

async function sharedPayees(db: D, merchantId: number, memberId: bigint) {
  return rowsOf<{ username: string; account_no: string; same_no: boolean }>(await db.execute(sql`
    select distinct m2.username, a.account_no, (b.account_no = a.account_no) as same_no from withdraw_accounts a
    join withdraw_accounts b on b.merchant_id = a.merchant_id and b.member_id <> a.member_id
      and (b.account_no = a.account_no or lower(b.payee_name) = lower(a.payee_name))
    join members m2 on m2.id = b.member_id
    where a.merchant_id = ${merchantId} and a.member_id = ${memberId}
    order by m2.username limit ${SHOW}`));
}

/** Withdrawals of the last 30 days that came within RAPID_HOURS of a confirmed deposit with little valid bet between. */
async function rapidCycles(db: D, merchantId: number, memberId: bigint) {
  return rowsOf<{ withdraw_no: string; order_no: string; amount: string; played: string }>(await db.execute(sql`
    select w.withdraw_no, d.order_no, d.amount::text as amount, coalesce(p.played, 0)::text as played
    from withdrawals w
    cross join lateral (
      select order_no, amount, closed_at from deposit_orders
      where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'confirmed'
        and closed_at <= w.created_at and closed_at > w.created_at - ${sql.raw(`interval '${risk.RAPID_HOURS} hours'`)}
      order by closed_at desc limit 1) d
    cross join lateral (
      select sum(valid_bet) as played from bet_records
      where merchant_id = ${merchantId} and member_id = ${memberId} and bet_at >= d.closed_at and bet_at <= w.created_at) p
    where w.merchant_id = ${merchantId} and w.member_id = ${memberId} and w.created_at > now() - 30 * ${sql.raw(DAY)}
      and coalesce(p.played, 0) < d.amount * ${sql.raw(String(risk.RAPID_PLAY_RATIO))}
    order by w.created_at desc limit 5`));
}

/** A withdrawal after a bonus (promotion or deposit bonus) whose bets since were mostly low-risk game types. */
async function bonusCycles(db: D, merchantId: number, memberId: bigint) {
  const low = sql.raw(`(${risk.LOW_RISK_TYPES.map((t) => `'${t}'`).join(',')})`);
  return rowsOf<{ ref: string; withdraw_no: string; bonus: string; valid: string; low: string }>(await db.execute(sql`
    with bonuses as (
      select 'claim:' || id as ref, amount, coalesce(claimed_at, created_at) as at from promotion_claims
        where merchant_id = ${merchantId} and member_id = ${memberId} and status in ('issued', 'claimed') and amount > 0
          and created_at > now() - 30 * ${sql.raw(DAY)}
      union all
      select order_no, bonus_amount, closed_at from deposit_orders
        where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'confirmed' and bonus_amount > 0
          and created_at > now() - 30 * ${sql.raw(DAY)}
    )
    select b.ref, w.withdraw_no, b.amount::text as bonus, coalesce(p.valid, 0)::text as valid, coalesce(p.low, 0)::text as low
    from bonuses b
    cross join lateral (
      select withdraw_no, created_at from withdrawals
      where merchant_id = ${merchantId} and member_id = ${memberId} and created_at > b.at order by created_at limit 1) w
    cross join lateral (
      select sum(valid_bet) as valid, sum(valid_bet) filter (where game_type in ${low}) as low from bet_records
      where merchant_id = ${merchantId} and member_id = ${memberId} and bet_at >= b.at and bet_at <= w.created_at) p
    where coalesce(p.valid, 0) > 0 and coalesce(p.low, 0) >= coalesce(p.valid, 0) * ${sql.raw(String(risk.LOW_RISK_SHARE))}
    limit 5`));
}

/** Other accounts registered under the same agent within AGENT_BURST_HOURS of this one. */
async function agentBurst(db: D, merchantId: number, memberId: bigint) {
  return rowsOf<{ username: string; agent: string }>(await db.execute(sql`
    select m2.username, a.username as agent from members m
    join members m2 on m2.parent_id = m.parent_id and m2.id <> m.id and m2.merchant_id = m.merchant_id
      and m2.created_at between m.created_at - ${sql.raw(`interval '${risk.AGENT_BURST_HOURS} hours'`)} and m.created_at + ${sql.raw(`interval '${risk.AGENT_BURST_HOURS} hours'`)}
    join members a on a.id = m.parent_id
    where m.id = ${memberId} and m.merchant_id = ${merchantId}
    order by m2.created_at limit ${SHOW}`));
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** Every signal present for a member, with its evidence, and the score from the brand's weights. */
export async function memberSignals(db: D, merchantId: number, memberId: bigint, s?: kyc.Settings): Promise<{ score: number; reviewScore: number; signals: risk.SignalView[] }> {
  const settings = s ?? await settingsOf(db, merchantId);
  const w = settings.riskWeights;
  const [device, marksIp, loginIp, payees, rapid, bonus, burst] = await Promise.all([
    sharedMarks(db, merchantId, memberId, ['device']), sharedMarks(db, merchantId, memberId, ['ip', 'ip24']), sharedLoginIps(db, merchantId, memberId),
    sharedPayees(db, merchantId, memberId), rapidCycles(db, merchantId, memberId), bonusCycles(db, merchantId, memberId), agentBurst(db, merchantId, memberId),
  ]);
  const signals: risk.SignalView[] = [];
  if (device.length) signals.push({ signal: 'device', weight: w.device, evidence: { accounts: uniq(device.map((r) => r.username)), refs: [], detail: 'same device fingerprint' } });
  const ipRows = [...marksIp.map((r) => ({ username: r.username, what: r.kind === 'ip24' ? r.value : r.value })), ...loginIp.map((r) => ({ username: r.username, what: r.ip }))];
  if (ipRows.length) signals.push({ signal: 'ip', weight: w.ip, evidence: { accounts: uniq(ipRows.map((r) => r.username)), refs: uniq(ipRows.map((r) => r.what)), detail: 'same address or /24 range' } });
  if (payees.length) {
    signals.push({ signal: 'payee', weight: w.payee, evidence: {
      accounts: uniq(payees.map((r) => r.username)), refs: uniq(payees.map((r) => mask(r.account_no))),
      detail: payees.some((r) => r.same_no) ? 'same bank account number' : 'same payee name',
    } });
  }
  if (rapid.length) {
    signals.push({ signal: 'rapid', weight: w.rapid, evidence: {
      accounts: [], refs: rapid.flatMap((r) => [r.order_no, r.withdraw_no]),
      detail: rapid.map((r) => `${r.order_no} ${formatAmount(r.amount)} → ${r.withdraw_no}, played ${formatAmount(r.played)}`).join('; '),
    } });
  }
  if (bonus.length) {
    signals.push({ signal: 'bonus', weight: w.bonus, evidence: {
      accounts: [], refs: bonus.flatMap((r) => [r.ref, r.withdraw_no]),
      detail: bonus.map((r) => `bonus ${formatAmount(r.bonus)} (${r.ref}) → ${r.withdraw_no}; low-risk bets ${formatAmount(r.low)} of ${formatAmount(r.valid)}`).join('; '),
    } });
  }
  if (burst.length + 1 >= risk.AGENT_BURST_COUNT) {
    signals.push({ signal: 'agentBurst', weight: w.agentBurst, evidence: {
      accounts: burst.map((r) => r.username), refs: [burst[0].agent], detail: `${burst.length + 1} accounts under ${burst[0].agent} within ${risk.AGENT_BURST_HOURS} h`,
    } });
  }
  return { score: signals.reduce((a, x) => a + x.weight, 0), reviewScore: settings.riskReviewScore, signals };
}
