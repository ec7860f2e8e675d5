import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { demoSportsBets, demoSportsLegs, demoSportsMatches } from '../db/demo-sportsbook-schema.ts';
import { AppError } from '../plugins/errors.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { unseal } from '../lib/seal.ts';
import { distOf, liveOf, matchOf, matchRows, oddsNow, type Match, type MatchRow } from './fixtures.ts';
import { chances, legFactor, MARGIN, marketDef, payoutOf, settle, type LegResult, type Selection } from './markets.ts';
import { debit, pay, refundPending, type BetRow, type Session } from './session.ts';

/**
 * The bet slip and the settlement. Limits per market (stake, minor units), pre-match and in
 * play; a parlay has 2..MAX_LEGS legs on different matches. The player's odds must be the
 * current ones unless `acceptOddsChange` (then the current odds are taken).
 */
export const MIN_STAKE = 100n;
export const MAX_LEGS = 8;
export const MAX_PAYOUT = 10_000_000n;
export const PARLAY_MAX_STAKE = 100_000n;
const LIMITS: Record<string, { pre: bigint; live: bigint }> = {
  '1x2': { pre: 500_000n, live: 100_000n }, ml: { pre: 500_000n, live: 100_000n },
  ou: { pre: 200_000n, live: 100_000n }, ah: { pre: 200_000n, live: 100_000n },
};
export const maxStake = (market: string, live: boolean) => LIMITS[market.split(':')[0]]?.[live ? 'live' : 'pre'] ?? 0n;

export type Lang = 'ES' | 'EN';
type Reason = 'selection.unknown' | 'market.closed' | 'odds.changed' | 'stake.min' | 'stake.max' | 'payout.max' | 'legs.count'
  | 'parlay.same.match' | 'bet.unknown' | 'cashout.unavailable' | 'cashout.changed';
const TEXT: Record<Reason, Record<Lang, string>> = {
  'selection.unknown': { ES: 'esta selección no existe', EN: 'this selection does not exist' },
  'market.closed': { ES: 'este mercado está cerrado o suspendido', EN: 'this market is closed or suspended' },
  'odds.changed': { ES: 'las cuotas cambiaron; revise las nuevas cuotas', EN: 'the odds changed; check the new odds' },
  'stake.min': { ES: 'la apuesta mínima es {v}', EN: 'the minimum stake is {v}' },
  'stake.max': { ES: 'la apuesta máxima en este mercado es {v}', EN: 'the maximum stake on this market is {v}' },
  'payout.max': { ES: 'la ganancia máxima por apuesta es {v}', EN: 'the maximum return of a bet is {v}' },
  'legs.count': { ES: 'una simple lleva 1 selección y una combinada de 2 a {v}', EN: 'a single has 1 selection and a parlay 2 to {v}' },
  'parlay.same.match': { ES: 'una combinada no puede llevar dos selecciones del mismo partido', EN: 'a parlay cannot hold two selections of the same match' },
  'bet.unknown': { ES: 'esta apuesta no existe', EN: 'this bet does not exist' },
  'cashout.unavailable': { ES: 'el cash-out no está disponible para esta apuesta ahora', EN: 'cash-out is not available for this bet now' },
  'cashout.changed': { ES: 'el valor del cash-out cambió', EN: 'the cash-out value changed' },
};
export const invalid = (reason: Reason, lang: Lang, v = '', value: Record<string, unknown> = {}) =>
  new AppError('demo.bet.invalid', { reason: TEXT[reason][lang].replace('{v}', v) }, { reason, ...value });

const oddsText = (o: number | null) => (o === null ? null : (o / 100).toFixed(2));
const oddsInt = (s: string) => (/^\d{1,4}(\.\d{1,2})?$/.test(s) ? Math.round(Number(s) * 100) : -1);

export interface LegInput { matchId: string; market: string; selection: string; odds: string }
export interface BetInput { legs: LegInput[]; stake: bigint; type: 'single' | 'parlay'; acceptOddsChange: boolean }

/** Places a bet: checks, stores it `pending`, takes the stake, answers the open bet. */
export async function placeBet(app: FastifyInstance, s: Session, input: BetInput, lang: Lang, now = new Date()): Promise<BetRow> {
  const n = input.legs.length;
  if ((input.type === 'single' && n !== 1) || (input.type === 'parlay' && (n < 2 || n > MAX_LEGS))) throw invalid('legs.count', lang, String(MAX_LEGS));
  if (new Set(input.legs.map((l) => l.matchId)).size !== n) throw invalid('parlay.same.match', lang);
  if (input.stake < MIN_STAKE) throw invalid('stake.min', lang, formatAmount(MIN_STAKE));
  const rows = await matchRows(app, input.legs.map((l) => l.matchId));
  const priced: { leg: LegInput; odds: number; live: boolean; def: string }[] = [];
  const changed: { matchId: string; market: string; selection: string; odds: string | null }[] = [];
  for (const leg of input.legs) {
    const row = rows.get(leg.matchId);
    const def = marketDef(leg.market);
    if (!row || row.kind !== s.kind || !def) throw invalid('selection.unknown', lang);
    const m = matchOf(row, now);
    const lv = liveOf(m, now);
    const odds = oddsNow(m, lv, def.id, leg.selection as Selection);
    if (odds === null) throw invalid('market.closed', lang, '', { legs: [{ matchId: leg.matchId, market: def.id, selection: leg.selection, odds: null }] });
    if (odds !== oddsInt(leg.odds)) changed.push({ matchId: leg.matchId, market: def.id, selection: leg.selection, odds: oddsText(odds) });
    priced.push({ leg, odds, live: lv.phase === 'live', def: def.id });
  }
  if (changed.length > 0 && !input.acceptOddsChange) throw invalid('odds.changed', lang, '', { legs: changed });
  const cap = input.type === 'parlay' ? PARLAY_MAX_STAKE : maxStake(priced[0].def, priced[0].live);
  if (input.stake > cap) throw invalid('stake.max', lang, formatAmount(cap));
  const potential = payoutOf(input.stake, priced.map((p) => ({ odds: p.odds, result: 'won' as LegResult })))!.payout;
  if (potential > MAX_PAYOUT) throw invalid('payout.max', lang, formatAmount(MAX_PAYOUT));
  const bet = await app.db.transaction(async (tx) => {
    const [b] = await tx.insert(demoSportsBets).values({
      merchantId: s.merchantId, vendor: s.vendor, nodeId: s.nodeId, kind: s.kind, player: s.player, account: s.account,
      token: s.token, trial: s.trial, stake: input.stake, potential,
    }).returning();
    await tx.insert(demoSportsLegs).values(priced.map((p) => ({ betId: b.id, matchId: p.leg.matchId, market: p.def, selection: p.leg.selection, odds: p.odds, live: p.live })));
    return b;
  });
  await debit(app, s, bet);
  await settleBet(app, bet.id); // a leg's match may have been settled meanwhile
  return (await betRow(app, bet.id))!;
}

export const betRow = async (app: FastifyInstance, id: bigint) => (await app.db.select().from(demoSportsBets).where(eq(demoSportsBets.id, id)))[0];
type LegRow = typeof demoSportsLegs.$inferSelect;
export const legsOf = (app: FastifyInstance, ids: bigint[]): Promise<LegRow[]> =>
  ids.length === 0 ? Promise.resolve([]) : app.db.select().from(demoSportsLegs).where(inArray(demoSportsLegs.betId, ids)).orderBy(demoSportsLegs.id);

/** Settles an open bet whose legs are decided (claimed once), then pays it. */
export async function settleBet(app: FastifyInstance, id: bigint): Promise<void> {
  const b = await betRow(app, id);
  if (!b) return;
  if (b.status === 'settled') {
    await pay(app, b);
    return;
  }
  if (b.status !== 'open') return;
  const legs = await legsOf(app, [id]);
  const out = payoutOf(b.stake, legs.map((l) => ({ odds: l.odds, result: l.result })));
  if (!out) return;
  const [claimed] = await app.db.update(demoSportsBets).set({ status: 'settled', result: out.result, payout: out.payout, settledAt: new Date() })
    .where(and(eq(demoSportsBets.id, id), eq(demoSportsBets.status, 'open'))).returning();
  if (claimed) await pay(app, claimed);
}

/**
 * Settles a match that is over: its open legs get their results (void when abandoned), the
 * bets they complete are settled and paid, then the match is marked settled with its seed
 * revealed. Every step is idempotent; a crash midway is finished by the next pass.
 */
export async function settleMatch(app: FastifyInstance, m: Match, now = new Date()): Promise<boolean> {
  const lv = liveOf(m, now);
  if (lv.phase !== 'ended' || m.row.settledAt) return false;
  const legs = await app.db.select().from(demoSportsLegs).where(and(eq(demoSportsLegs.matchId, m.row.id), isNull(demoSportsLegs.result)));
  for (const l of legs) {
    const def = marketDef(l.market);
    const result: LegResult = lv.abandoned || !def || !lv.final ? 'void' : settle(def, l.selection as Selection, lv.final);
    await app.db.update(demoSportsLegs).set({ result }).where(and(eq(demoSportsLegs.id, l.id), isNull(demoSportsLegs.result)));
  }
  for (const betId of new Set(legs.map((l) => l.betId))) await settleBet(app, betId);
  const st = lv.state!;
  await app.db.update(demoSportsMatches).set({
    settledAt: now, revealedAt: now, serverSeed: m.row.revealedAt ? m.row.serverSeed : unseal(m.row.serverSeed),
    result: { home: st.home, away: st.away, units: st.units, abandoned: lv.abandoned, winner: lv.final?.winner ?? null },
  }).where(and(eq(demoSportsMatches.id, m.row.id), isNull(demoSportsMatches.settledAt)));
  return true;
}

/** Settles every match that is over (races may finish before their slot ends); answers how many. */
export async function settleDue(app: FastifyInstance, now = new Date(), limit = 50): Promise<number> {
  const rows = await app.db.select().from(demoSportsMatches)
    .where(and(isNull(demoSportsMatches.settledAt), lte(demoSportsMatches.kickoffAt, now))).orderBy(demoSportsMatches.endsAt).limit(limit);
  let n = 0;
  for (const r of rows) if (await settleMatch(app, matchOf(r, now), now)) n++;
  return n;
}

/** The cash-out value of an open bet now (minor units), or null when none is offered. */
export async function cashOutValue(app: FastifyInstance, b: BetRow, now = new Date()): Promise<bigint | null> {
  if (b.status !== 'open') return null;
  const legs = await legsOf(app, [b.id]);
  return cashOutOf(b, legs, await matchRows(app, legs.map((l) => l.matchId)), now);
}

/** The cash-out value of an open bet from its legs and their matches, already read (the bets list reads them once for all). */
export function cashOutOf(b: BetRow, legs: LegRow[], rows: Map<string, MatchRow>, now: Date): bigint | null {
  if (b.status !== 'open') return null;
  let factor = 1;
  let open = 0;
  for (const l of legs) {
    if (l.result !== null) {
      factor *= legFactor(l.result, l.odds);
      continue;
    }
    const m = matchOf(rows.get(l.matchId)!, now);
    const lv = liveOf(m, now);
    const d = distOf(m, lv);
    const def = marketDef(l.market);
    if (!d || !def) return null; // over, waiting for settlement
    const c = chances(def, l.selection as Selection, d);
    factor *= c.win * (l.odds / 100) + c.push;
    open++;
  }
  if (open === 0 || factor <= 0) return null;
  const v = BigInt(Math.floor(Number(b.stake) * factor * (1 - MARGIN)));
  return v >= 1n ? v : null;
}

/** Cashes out an open bet at `amount` (the value shown); a different value now is refused unless accepted. */
export async function cashOut(app: FastifyInstance, s: Session, betId: bigint, amount: bigint, acceptChange: boolean, lang: Lang, now = new Date()): Promise<BetRow> {
  await settleDue(app, now);
  const b = await betRow(app, betId);
  if (!b || b.merchantId !== s.merchantId || b.player !== s.player || b.kind !== s.kind) throw invalid('bet.unknown', lang);
  const value = await cashOutValue(app, b, now);
  if (value === null) throw invalid('cashout.unavailable', lang);
  if (value !== amount && !acceptChange) throw invalid('cashout.changed', lang, '', { cashOut: formatAmount(value) });
  const [claimed] = await app.db.update(demoSportsBets).set({ status: 'settled', result: 'cashout', payout: value, settledAt: now })
    .where(and(eq(demoSportsBets.id, b.id), eq(demoSportsBets.status, 'open'))).returning();
  if (!claimed) throw invalid('cashout.unavailable', lang);
  await pay(app, claimed);
  return (await betRow(app, b.id))!;
}

/** Bets left `pending` (no answer to the debit, a crash) a minute ago are rolled back; settled unpaid bets are paid. */
export async function sweepBets(app: FastifyInstance, now = new Date()): Promise<number> {
  const stale = await app.db.select().from(demoSportsBets)
    .where(and(isNull(demoSportsBets.paidAt), inArray(demoSportsBets.status, ['pending', 'settled']), lte(demoSportsBets.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(demoSportsBets.id).limit(200);
  let n = 0;
  for (const b of stale) {
    if (b.status === 'settled') {
      if (await pay(app, b)) n++;
      continue;
    }
    if (b.trial) {
      await app.db.update(demoSportsBets).set({ status: 'failed', settledAt: now, paidAt: now }).where(and(eq(demoSportsBets.id, b.id), eq(demoSportsBets.status, 'pending')));
      n++;
      continue;
    }
    const brand = app.brands.all().find((x) => x.id === b.merchantId);
    if (brand && (await refundPending(app, { brand }, b))) n++;
  }
  return n;
}
