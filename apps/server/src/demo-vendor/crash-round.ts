import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { GROWTH_PER_MS, multiplierAt } from '@lobby/contract/fairness/games/crash-chain';
import { MAX_CASHOUT, resultOf } from '@lobby/contract/fairness/games/crash';
import { demoVendorRounds as rounds, demoVendorSeeds as seeds, demoVendorSessions as sessions } from '../db/demo-vendor-schema.ts';
import { AppError } from '../plugins/errors.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { betInvalid, ENGINES, type Lang } from './engines.ts';
import { claimOutcome, moveTrial, stakeOf } from './play.ts';
import { credit, debit, finish, roundView, type Party, type RoundRow, type Session } from './rounds.ts';
import { COOLDOWN_MS, crashDue, crashPlayer, liveRound, nodeHash, type Live } from './crash-chain.ts';

/**
 * Bets of the crash game's shared rounds (crash-chain.ts). A bet joins the current round during
 * betting (one per player and round) with an optional automatic cash-out (none = the 1000x cap)
 * and is debited at once (txIds `<roundId>:<player>:bet|win|rb`). During the flight the player
 * may cash out by hand: the server takes the multiplier of its own clock and accepts it only
 * below the crash point (the cash-out is claimed and credited at once). After the crash every
 * bet still in is settled once (claimed with `WHERE outcome IS NULL`): the automatic cash-out
 * wins when at or below the crash point. Free play moves the session's play money instead.
 */
type Input = Record<string, unknown>;
const PLAYERS_SHOWN = 50;
const RESULTS_SHOWN = 20;

/** The bet's automatic cash-out in hundredths (none: the cap). */
const targetOf = (row: RoundRow) => {
  const c = (row.input ?? {}).cashOut;
  return typeof c === 'number' ? Math.round(c * 100) : MAX_CASHOUT * 100;
};

/**
 * Claims a bet (outcome still null) with its result; free play is credited and settled in the
 * same transaction. Answers the row when this caller claimed it (a real bet then needs its win
 * call), null when another caller did.
 */
async function claim(app: FastifyInstance, bet: RoundRow, crashX100: number | null, manualX100?: number, terminatingHash?: string): Promise<RoundRow | null> {
  const r = resultOf(bet.bet, targetOf(bet), crashX100 ?? Number.MAX_SAFE_INTEGER, manualX100);
  const auto = (bet.input ?? {}).cashOut;
  // cashOut: where the bet cashed out; a lost bet keeps its automatic cash-out (null: none)
  const outcome: Record<string, unknown> = {
    cashOut: r.win ? r.cashedOutX100 / 100 : typeof auto === 'number' ? auto : null, win: r.win,
    ...(manualX100 !== undefined ? { manual: manualX100 < targetOf(bet) } : {}),
  };
  if (crashX100 !== null) outcome.crashPoint = crashX100 / 100;
  if (terminatingHash) outcome.terminatingHash = terminatingHash;
  return claimOutcome(app, bet.id, outcome, r.payout);
}

/**
 * Crashes the game's due rounds and settles their bets still in (each claimed once; real bets
 * then get their win call, 0 for a loss). Answers how many bets this call claimed.
 */
export async function settleCrash(app: FastifyInstance, p: Omit<Party, 'account'>, nodeId: string, now = Date.now()): Promise<number> {
  const merchantId = p.brand.id;
  await crashDue(app, merchantId, nodeId, now);
  const house = crashPlayer(nodeId);
  const due = await app.db.select({ r: rounds, crash: sql<string>`h.outcome->>'crashPoint'`, terminating: sql<string>`h.outcome->>'terminatingHash'` }).from(rounds)
    .innerJoin(sql`demo_vendor_rounds h`, sql`h.merchant_id = ${rounds.merchantId} and h.round_id = ${rounds.roundId} and h.player = ${house} and h.status = 'settled'`)
    .where(and(eq(rounds.merchantId, merchantId), eq(rounds.nodeId, nodeId), eq(rounds.engine, 'crash'), eq(rounds.status, 'pending'), isNull(rounds.outcome), ne(rounds.player, house)));
  let settled = 0;
  for (const { r, crash, terminating } of due) {
    const claimed = await claim(app, r, Math.round(Number(crash) * 100), undefined, terminating);
    if (!claimed) continue;
    settled++;
    if (!claimed.trial) await credit(app, { ...p, account: claimed.player }, claimed);
  }
  return settled;
}

const seedFacts = (live: Live) => ({ ...live.seed, revealedAt: null });

/** Joins the current round with a bet during betting (debited at once); settled by cash-out or crash. */
export async function placeCrashBet(app: FastifyInstance, s: Session, input: Input, lang: Lang, now = Date.now()) {
  const auto = input.cashOut === undefined || input.cashOut === null || input.cashOut === '' ? null : input.cashOut;
  const bet = stakeOf(ENGINES.crash, { bet: input.bet, cashOut: auto ?? MAX_CASHOUT }, lang);
  const live = await liveRound(app, s.merchantId, s.nodeId, now);
  if (now >= live.flightAt) throw new AppError('demo.round.closed');
  const [row] = await app.db.insert(rounds).values({
    merchantId: s.merchantId, player: s.player, roundId: live.house.roundId, engine: 'crash', nodeId: s.nodeId,
    trial: s.trial, seedId: live.seed.id, nonce: live.index, bet, input: { bet: input.bet, cashOut: auto }, status: 'pending',
  }).onConflictDoNothing().returning();
  if (!row) throw betInvalid('BET_PLACED', 'round', lang);
  let balance: bigint;
  if (s.trial) {
    const b = await moveTrial(app.db, s.token, bet, 0n);
    if (b === null) {
      await finish(app, row.id, 'failed');
      throw new AppError('demo.insufficient.funds');
    }
    balance = b;
  } else {
    const party = { brand: s.brand, vendor: s.vendor, account: s.account! };
    balance = await debit(app, party, row, s.nodeId);
    // The debit came back after the crash: the settlement may have claimed the bet meanwhile.
    const [mine] = await app.db.select().from(rounds).where(eq(rounds.id, row.id));
    if (mine.status === 'pending' && mine.outcome) balance = (await credit(app, party, mine)) ?? balance;
  }
  return { round: roundView(row, seedFacts(live)), balance: formatAmount(balance), fairness: fairnessOfLive(live) };
}

/** Cashes out the player's bet of the current flight at the multiplier of the server's clock. */
export async function cashOutNow(app: FastifyInstance, s: Session, lang: Lang, now = Date.now()) {
  const live = await liveRound(app, s.merchantId, s.nodeId, now);
  const [bet] = await app.db.select().from(rounds)
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.roundId, live.house.roundId), eq(rounds.player, s.player)));
  if (!bet || bet.status !== 'pending' || bet.outcome) throw betInvalid('NO_BET', 'round', lang);
  if (now < live.flightAt) throw betInvalid('NOT_FLYING', 'round', lang);
  const m = multiplierAt(now - live.flightAt);
  if (now >= live.crashAt || m >= live.crashX100) throw betInvalid('CASHOUT_LATE', 'round', lang);
  const claimed = await claim(app, bet, null, m);
  if (!claimed) throw betInvalid('NO_BET', 'round', lang);
  let balance: bigint;
  if (claimed.trial) {
    const [ses] = await app.db.select({ b: sessions.trialBalance }).from(sessions).where(eq(sessions.token, s.token));
    balance = ses?.b ?? 0n;
  } else {
    // no answer: the round stays pending with its outcome (the sweep resends the win)
    const party = { brand: s.brand, vendor: s.vendor, account: s.account! };
    balance = (await credit(app, party, claimed)) ?? await walletBalance(app, party);
  }
  const [row] = await app.db.select().from(rounds).where(eq(rounds.id, claimed.id));
  return { round: roundView(row, seedFacts(live)), balance: formatAmount(balance), cashedOut: Math.min(m, targetOf(claimed)) / 100 };
}

async function walletBalance(app: FastifyInstance, p: Party): Promise<bigint> {
  const a = await app.demoVendor.wallet.balance(p.brand, p.vendor, p.account);
  if (!a.ok) throw new AppError('demo.wallet.unavailable');
  return a.balance;
}

/** The fairness facts of the current round: its seed's hash (the previous seed), the salt, its index. */
export function fairnessOfLive(live: Live) {
  return { serverSeedHash: live.seed.serverSeedHash, clientSeed: live.seed.clientSeed, nonce: live.index, nextServerSeedHash: '' };
}

export async function crashFairness(app: FastifyInstance, s: Session, now = Date.now()) {
  return fairnessOfLive(await liveRound(app, s.merchantId, s.nodeId, now));
}

/** A player's public name in the round: never the account or a token. */
const maskName = (player: string) => (player.startsWith('trial:') ? `guest-${nodeHash(player).slice(0, 4)}` : `${player.slice(0, 2)}***${player.slice(-1)}`);

/** The round as every player's screen shows it (the crash point and seed only after the crash). */
export async function crashView(app: FastifyInstance, s: Session, now = Date.now()) {
  await settleCrash(app, s, s.nodeId, now);
  const live = await liveRound(app, s.merchantId, s.nodeId, now);
  const crashed = now >= live.crashAt;
  const phase = now < live.flightAt ? 'betting' as const : crashed ? 'crashed' as const : 'flying' as const;
  const current = phase === 'flying' ? multiplierAt(now - live.flightAt) : phase === 'crashed' ? live.crashX100 : 100;
  const bets = await app.db.select().from(rounds)
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.roundId, live.house.roundId), ne(rounds.player, live.house.player), ne(rounds.status, 'failed')))
    .orderBy(desc(rounds.bet)).limit(PLAYERS_SHOWN);
  const cashOf = (b: RoundRow): number | null => {
    const o = b.outcome as { cashOut?: number; win?: boolean } | null;
    if (o) return o.win ? o.cashOut ?? null : null;
    const target = targetOf(b);
    return phase !== 'betting' && target <= current && target <= live.crashX100 ? target / 100 : null;
  };
  const payoutOf = (b: RoundRow, cashed: number | null): string | null => {
    if (b.outcome) return formatAmount(b.payout);
    if (cashed !== null) return formatAmount((b.bet * BigInt(Math.round(cashed * 100))) / 100n);
    return crashed ? '0.00' : null;
  };
  const players = bets.map((b) => {
    const cashed = cashOf(b);
    return { name: maskName(b.player), me: b.player === s.player, bet: formatAmount(b.bet), cashedOut: cashed, payout: payoutOf(b, cashed) };
  });
  const mine = bets.find((b) => b.player === s.player) ?? (await app.db.select().from(rounds)
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.roundId, live.house.roundId), eq(rounds.player, s.player))))[0];
  const myCash = mine ? cashOf(mine) : null;
  const past = await app.db.select({ r: rounds, sd: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.player, live.house.player), eq(rounds.status, 'settled')))
    .orderBy(desc(rounds.id)).limit(RESULTS_SHOWN);
  return {
    roundId: live.house.roundId,
    phase,
    serverTime: new Date(now).toISOString(),
    opensAt: new Date(live.opensAt).toISOString(),
    flightAt: new Date(live.flightAt).toISOString(),
    crashedAt: crashed ? new Date(live.crashAt).toISOString() : null,
    crashPoint: crashed ? live.crashX100 / 100 : null,
    nextAt: crashed ? new Date(live.crashAt + COOLDOWN_MS).toISOString() : null,
    growthPerMs: GROWTH_PER_MS,
    chain: { id: String(live.chain.id), index: live.index, length: live.chain.length, terminatingHash: live.chain.terminatingHash, salt: live.chain.salt },
    serverSeedHash: live.seed.serverSeedHash,
    serverSeed: crashed && live.seed.revealedAt ? live.seed.serverSeed : null,
    players,
    myBet: mine && mine.status !== 'failed' && mine.status !== 'refunded'
      ? { bet: formatAmount(mine.bet), cashOut: typeof (mine.input ?? {}).cashOut === 'number' ? (mine.input ?? {}).cashOut as number : null, cashedOut: myCash, payout: payoutOf(mine, myCash) }
      : null,
    results: past.map(({ r, sd }) => ({
      roundId: r.roundId, crashPoint: Number((r.outcome ?? {}).crashPoint), serverSeed: sd.serverSeed, serverSeedHash: sd.serverSeedHash, hash: String((r.outcome ?? {}).hash ?? ''),
    })),
  };
}
