import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { demoSportsbook as contract } from '@lobby/contract';
import { demoSportsBets } from '../db/demo-sportsbook-schema.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { cashOutOf, legsOf, maxStake } from './bets.ts';
import { distOf, leagueName, liveOf, matchOf, matchRows, oddsNow, type Match, type MatchRow } from './fixtures.ts';
import { marketDef, marketsOf, type Selection } from './markets.ts';
import type { BetRow, Session } from './session.ts';

/** The wire views of matches and bets. */
export function matchView(m: Match, now: Date, lang: string): contract.MatchView {
  const lv = liveOf(m, now);
  const settled = m.row.settledAt !== null;
  if (lv.phase !== 'ended') distOf(m, lv);
  const st = lv.state;
  return {
    id: m.row.id,
    sport: m.sport,
    league: m.row.league,
    leagueName: leagueName(m.row.league, lang),
    home: m.row.home,
    away: m.row.away,
    homeRating: m.row.homeStrength,
    awayRating: m.row.awayStrength,
    kickoffAt: m.row.kickoffAt.toISOString(),
    endsAt: m.row.endsAt.toISOString(),
    phase: settled ? 'settled' : lv.phase,
    tick: lv.phase === 'ended' ? Math.round(lv.f * m.ticks) : lv.tick,
    ticks: m.ticks,
    score: st ? { home: st.home, away: st.away, unitHome: st.unitHome, unitAway: st.unitAway, units: st.units } : null,
    abandoned: lv.abandoned,
    markets: marketsOf(m.sport, m.params).map((id) => {
      const def = marketDef(id)!;
      return {
        id, type: def.type, line: def.line, inPlay: def.inPlay,
        maxStake: formatAmount(maxStake(id, lv.phase === 'live')),
        selections: def.selections.map((sel) => {
          const o = oddsNow(m, lv, id, sel);
          return { selection: sel, odds: o === null ? null : (o / 100).toFixed(2) };
        }),
      };
    }),
    serverSeedHash: m.row.serverSeedHash,
    serverSeed: m.row.revealedAt ? m.row.serverSeed : null,
  };
}

const scoreText = (row: MatchRow | undefined, now: Date): string | null => {
  if (!row || row.kickoffAt > now) return null;
  const st = liveOf(matchOf(row, now), now).state;
  return st ? `${st.home}-${st.away}` : null;
};

export async function betViews(app: FastifyInstance, bets: BetRow[], lang: string, now = new Date()): Promise<contract.BetView[]> {
  const legs = await legsOf(app, bets.map((b) => b.id));
  const rows = await matchRows(app, legs.map((l) => l.matchId));
  const out: contract.BetView[] = [];
  for (const b of bets) {
    const mine = legs.filter((l) => l.betId === b.id);
    const total = mine.reduce((a, l) => a * (l.odds / 100), 1);
    const cash = cashOutOf(b, mine, rows, now); // legs and matches read once for the whole list
    out.push({
      betId: String(b.id),
      receipt: `SB${b.id}`,
      type: mine.length > 1 ? 'parlay' : 'single',
      placedAt: b.createdAt.toISOString(),
      stake: formatAmount(b.stake),
      odds: total.toFixed(2),
      potential: formatAmount(b.potential),
      status: b.status === 'settled' ? b.result! : b.status,
      payout: formatAmount(b.status === 'settled' ? b.payout : b.status === 'refunded' ? b.stake : 0n),
      settledAt: b.settledAt?.toISOString() ?? null,
      cashOut: cash === null ? null : formatAmount(cash),
      legs: mine.map((l) => {
        const r = rows.get(l.matchId);
        return {
          matchId: l.matchId, sport: (r?.sport ?? 'football') as contract.MatchView['sport'], leagueName: r ? leagueName(r.league, lang) : '',
          home: r?.home ?? '', away: r?.away ?? '', kickoffAt: r?.kickoffAt.toISOString() ?? '',
          market: l.market, selection: l.selection as Selection, odds: (l.odds / 100).toFixed(2), live: l.live, result: l.result,
          score: scoreText(r, now),
        };
      }),
    });
  }
  return out;
}

/** The player's open bets (pending too) and the last 20 settled ones of this kind. */
export async function myBets(app: FastifyInstance, s: Session, lang: string) {
  const mine = and(eq(demoSportsBets.merchantId, s.merchantId), eq(demoSportsBets.player, s.player), eq(demoSportsBets.kind, s.kind));
  const open = await app.db.select().from(demoSportsBets).where(and(mine, inArray(demoSportsBets.status, ['pending', 'open']))).orderBy(desc(demoSportsBets.id)).limit(50);
  const settled = await app.db.select().from(demoSportsBets).where(and(mine, inArray(demoSportsBets.status, ['settled', 'refunded']))).orderBy(desc(demoSportsBets.settledAt), desc(demoSportsBets.id)).limit(20);
  return { open: await betViews(app, open, lang), settled: await betViews(app, settled, lang) };
}
