import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { demoVendor as contract, type GameType } from '@lobby/contract';
import { demoVendorSessions } from '../db/demo-vendor-schema.ts';
import { AppError } from '../plugins/errors.ts';
import { categoryLauncher, type LaunchRequest } from './launcher.ts';
import { ENGINES, type Lang } from './engines.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { playInstant } from './play.ts';
import { history, loadSession, type Session } from './rounds.ts';
import { activeSeed, fairnessOf, rotateSeed } from './seeds.ts';
import { placeTableBet, settleTable, tableFairness } from './table.ts';
import { crashFairness, placeCrashBet, settleCrash } from './crash-round.ts';

/** How long a launch token plays. */
export const SESSION_TTL_MS = 3 * 3_600_000;
/** Play money of a free-play session, minor units (2,000.00 in the brand currency). */
export const TRIAL_BALANCE = 200_000n;

/** The engine that plays a catalog game; null when the demo vendor has none (sports, e-sports, cockfight). */
export function engineFor(gameType: GameType, vendor: string): contract.Engine | null {
  switch (gameType) {
    case 'RNG': return 'slot5';
    case 'LIVE': return 'baccarat';
    case 'FISH': return 'fish';
    case 'PVP': return vendor === 'PVP-ROCKET' ? 'crash' : vendor === 'PVP-CARDS' ? 'baccarat' : 'dice';
    case 'LOTT':
    case 'ELOTT': return 'keno';
    default: return null;
  }
}

/** Opens a game: a session row (real play for a member, free play with play money) and its page URL. */
export async function launch(app: FastifyInstance, req: LaunchRequest): Promise<{ url: string }> {
  const own = categoryLauncher(app, req.gameType);
  if (own) return own(req);
  const engine = engineFor(req.gameType, req.vendor);
  if (!engine) throw new AppError('game_maintenance');
  // real play: the platform's launch token (its game session) is this session's token too
  const token = req.gameToken ?? randomBytes(32).toString('base64url');
  await app.db.insert(demoVendorSessions).values({
    token, merchantId: req.brand.id, vendor: req.vendor, nodeId: req.nodeId, engine,
    account: req.member?.account ?? null,
    player: req.member ? req.member.account.toLowerCase() : `trial:${token}`,
    trial: req.member === null,
    trialBalance: req.member ? 0n : TRIAL_BALANCE,
    currency: req.currency, language: req.language, backUrl: req.backUrl ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { url: `${contract.PLAY_PATH}/${engine}?token=${token}` };
}

/** The session's balance: the member's main balance through the seamless wallet, or the play money. */
async function balanceOf(app: FastifyInstance, s: Session): Promise<bigint> {
  if (s.trial) return s.trialBalance;
  const a = await app.demoVendor.wallet.balance(s.brand, s.vendor, s.account!);
  if (!a.ok) throw new AppError(!a.unavailable && a.errorCode === 'vendor.member.unknown' ? 'demo.session.invalid' : 'demo.wallet.unavailable');
  return a.balance;
}

/** A live session, with the table's due deals settled first for baccarat. */
export async function openSession(app: FastifyInstance, token: string): Promise<Session> {
  const s = await loadSession(app, token);
  if (s.engine === 'baccarat') await settleTable(app, s, s.nodeId);
  // a settled free-play bet changed the play money: read the session again
  if (s.engine === 'crash' && (await settleCrash(app, s, s.nodeId)) > 0 && s.trial) return loadSession(app, token);
  return s;
}

async function fairness(app: FastifyInstance, s: Session) {
  if (s.engine === 'crash') return crashFairness(app, s);
  return s.engine === 'baccarat' ? tableFairness(app, s) : fairnessOf(await activeSeed(app.db, s.merchantId, s.player));
}

export async function sessionValue(app: FastifyInstance, token: string): Promise<contract.SessionValue> {
  const s = await openSession(app, token);
  const def = ENGINES[s.engine];
  const game = (await app.catalogs.get(s.brand)).game(s.nodeId);
  const [balance, fair, list] = await Promise.all([balanceOf(app, s), fairness(app, s), history(app, s)]);
  return {
    engine: s.engine,
    nodeId: s.nodeId,
    gameName: game ? (s.language.toUpperCase() === 'EN' ? game.name.EN : game.name.ES) : def.meta.name.ES,
    vendor: s.vendor,
    trial: s.trial,
    currency: s.currency,
    balance: formatAmount(balance),
    language: s.language,
    backUrl: s.backUrl,
    minBet: formatAmount(def.minBet),
    maxBet: formatAmount(def.maxBet),
    rtp: def.meta.rtp,
    ...(def.meta.rtpByBet ? { rtpByBet: def.meta.rtpByBet } : {}),
    info: def.info(),
    fairness: fair,
    history: list,
  };
}

export async function play(app: FastifyInstance, token: string, input: Record<string, unknown>, lang: Lang) {
  const s = await openSession(app, token);
  if (s.engine === 'crash') return placeCrashBet(app, s, input, lang);
  return s.engine === 'baccarat' ? placeTableBet(app, s, input, lang) : playInstant(app, s, input, lang);
}

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/**
 * Rotates the player's pair: the committed next seed becomes active with `clientSeed`. With
 * `nextServerSeedHash` (the hash the screen showed) a rotation that is no longer against that
 * commitment is refused (demo.seed.stale). At the baccarat table the pair's client seed is what
 * the player adds to each round's cut.
 */
export async function newSeed(app: FastifyInstance, token: string, clientSeed: string, nextServerSeedHash?: string) {
  const s = await loadSession(app, token);
  if (!CLIENT_SEED.test(clientSeed)) throw new AppError('request_param_err');
  const r = await rotateSeed(app.db, s.merchantId, s.player, clientSeed, nextServerSeedHash);
  if (!r) throw new AppError('demo.seed.stale');
  return r;
}

export async function historyOf(app: FastifyInstance, token: string) {
  return { list: await history(app, await openSession(app, token)) };
}
