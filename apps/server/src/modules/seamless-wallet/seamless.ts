import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { vendor as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { ledgerAccounts, members } from '../../db/schema.ts';
import { betRecords, vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { pgError } from '../../lib/pg-error.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { WalletCatalog as Catalog } from './catalog-view.ts';
import { brandAccount, formatAmount, memberAccount, parseAmount, PLAY_KINDS, post } from '../../kernel/ledger/index.ts';
import { checkPlay } from '../responsible/index.ts';
import { vendorSecrets } from './credentials.ts';
import { callGrouped, type CallRow } from './batch.ts';
import { tokenHash } from './game-sessions.ts';

export const sign = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Checks X-Vendor / X-Timestamp / X-Signature over the raw body; answers the vendor code. */
export async function verifySignature(db: Db, brand: Brand, headers: Record<string, string | string[] | undefined>, rawBody: string, now = Date.now()): Promise<string> {
  const bad = () => new AppError('vendor.signature.invalid');
  const vendor = header(headers[contract.HEADERS.vendor]);
  const ts = header(headers[contract.HEADERS.timestamp]);
  const sig = header(headers[contract.HEADERS.signature]);
  if (!vendor || !ts || !sig || !/^[0-9]{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(sig)) throw bad();
  if (Math.abs(now - Number(ts)) > contract.SIGNATURE_WINDOW_MS) throw bad();
  const got = Buffer.from(sig.toLowerCase(), 'hex');
  // every live secret of the vendor (a rotation's overlap accepts the old and the new one)
  for (const secret of await vendorSecrets(db, brand.id, vendor)) {
    if (timingSafeEqual(Buffer.from(sign(secret, ts, rawBody), 'hex'), got)) return vendor;
  }
  throw bad();
}

/** Member ids by account name, per database: members never change account names (unknown names are not remembered). */
const memberIds = new WeakMap<object, Map<string, bigint>>();
const MAX_MEMBERS = 200_000;

async function findMember(db: Db | Tx, brand: Brand, q: { account?: string; memberId?: string }): Promise<bigint> {
  if (q.memberId !== undefined) {
    const [m] = await db.select({ id: members.id }).from(members).where(and(eq(members.merchantId, brand.id), eq(members.id, BigInt(q.memberId))));
    if (!m) throw new AppError('vendor.member.unknown');
    return m.id;
  }
  let cache = memberIds.get(db);
  if (!cache) memberIds.set(db, (cache = new Map()));
  const key = `${brand.id}:${q.account!.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const [m] = await db.select({ id: members.id }).from(members).where(and(eq(members.merchantId, brand.id), eq(members.usernameKey, q.account!.toLowerCase())));
  if (!m) throw new AppError('vendor.member.unknown');
  if (cache.size >= MAX_MEMBERS) cache.clear();
  cache.set(key, m.id);
  return m.id;
}

async function mainBalance(db: Db | Tx, brand: Brand, memberId: bigint): Promise<bigint> {
  const acct = await memberAccount(db, brand.id, memberId);
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, acct));
  return row?.balance ?? 0n;
}

const answerOf = (brand: Brand, balance: bigint, txId?: string): contract.Answer =>
  ({ balance: formatAmount(balance), currency: brand.config.currency.code, ...(txId === undefined ? {} : { txId }) });

/** A win amount: "0" (a loss) or a valid amount. */
function winAmount(input: unknown): bigint {
  if (input === 0 || (typeof input === 'string' && /^0(\.0{1,2})?$/.test(input))) return 0n;
  return parseAmount(input);
}

type TxRow = typeof vendorTransactions.$inferSelect;

/** Claims a tx id: the new row, or the existing one (after its transaction committed). */
async function claim(tx: Tx, row: typeof vendorTransactions.$inferInsert): Promise<{ fresh: boolean; row: TxRow }> {
  const [ins] = await tx.insert(vendorTransactions).values(row).onConflictDoNothing().returning();
  if (ins) return { fresh: true, row: ins };
  const [old] = await tx.select().from(vendorTransactions)
    .where(and(eq(vendorTransactions.merchantId, row.merchantId), eq(vendorTransactions.vendor, row.vendor), eq(vendorTransactions.txId, row.txId)))
    .for('update');
  if (!old) throw new Error('vendor: transaction row vanished');
  return { fresh: false, row: old };
}

/**
 * The first answer of a tx id seen before, when this call says the same thing (kind, member,
 * round, amount, game, currency, reference, flags: its fingerprint); else `vendor.tx.conflict`,
 * and nothing moves. Rows from before fingerprints compare kind and member only.
 */
function replay(old: Pick<TxRow, 'kind' | 'memberId' | 'status' | 'answer' | 'fingerprint'>, kind: TxRow['kind'], memberId: bigint, fingerprint: string): contract.Answer {
  if (old.kind !== kind || old.memberId !== memberId) throw new AppError('vendor.tx.conflict');
  if (old.fingerprint !== null && old.fingerprint !== fingerprint) throw new AppError('vendor.tx.conflict');
  if (old.status === 'rollback_unknown' || (kind === 'bet' && old.status === 'rolled_back' && !old.answer)) throw new AppError('vendor.bet.rolled.back');
  if (!old.answer) throw new AppError('vendor.tx.conflict');
  return old.answer as contract.Answer;
}

/** What a call said, for the duplicate check (JSON of the fields in a fixed order). */
export const fingerprintOf = (kind: string, f: { memberId: bigint; roundId: string; amount: bigint; game?: string | null; currency: string; ref?: string | null; flags?: string }) =>
  JSON.stringify([kind, String(f.memberId), f.roundId, String(f.amount), f.game ?? '', f.currency, f.ref ?? '', f.flags ?? '']);

/** The call's currency, when it names one, must be the brand's wallet currency. */
function checkCurrency(brand: Brand, currency: string | undefined) {
  if (currency !== undefined && currency.toUpperCase() !== brand.config.currency.code.toUpperCase()) throw new AppError('vendor.currency.wrong');
}

export interface Result { answer: contract.Answer; memberId: bigint; moved: boolean }

export async function balanceOf(db: Db, brand: Brand, body: { account?: string; memberId?: string }): Promise<Result> {
  const memberId = await findMember(db, brand, body);
  return { answer: answerOf(brand, await mainBalance(db, brand, memberId)), memberId, moved: false };
}

const idem = (vendor: string, txId: string) => `vendor:${vendor}:${txId}`;

const CHECK_VIOLATION = '23514';
/** What the seamless_* functions raise for a refusal: the error code as the message. */
const REFUSALS = new Set(['vendor.session.invalid', 'vendor.token.invalid', 'vendor.token.expired', 'vendor.user.disabled', 'vendor.round.unknown', 'vendor.round.closed', 'vendor.round.mismatch', 'vendor.tx.unknown', 'vendor.bet.rolled.back', 'wallet.duplicate.reference']);

/** One seamless_* function call: the claimed row's answer, or the first answer of a duplicate tx id. */
async function callFunction(db: Db, kind: 'bet' | 'win', values: unknown[], memberId: bigint, fingerprint: string, house: bigint, onCheck?: () => Promise<never>): Promise<Result> {
  let row: CallRow;
  try {
    row = await callGrouped(db, kind, values, house); // group commit with the calls that come at the same time (batch.ts)
  } catch (err) {
    const { code, message } = pgError(err);
    if (code === 'P0001' && REFUSALS.has(message)) throw new AppError(message as 'vendor.session.invalid');
    if (code === CHECK_VIOLATION && onCheck) return onCheck();
    throw err;
  }
  const fresh = row.o_fresh === true || row.o_fresh === 't';
  if (!fresh) {
    const old = { kind: row.o_kind, memberId: BigInt(String(row.o_member)), status: row.o_status, answer: row.o_answer, fingerprint: row.o_fingerprint };
    return { answer: replay(old, kind, memberId, fingerprint), memberId, moved: false };
  }
  return { answer: row.o_answer as contract.Answer, memberId, moved: row.o_moved === undefined ? true : row.o_moved === true || row.o_moved === 't' };
}

export interface BetInput {
  txId: string; roundId: string;
  /** The member's account name. */
  member: string;
  /** The game's nodeId. */
  gameId: string;
  amount: unknown;
  /** When sent, must be the brand's currency. */
  currency?: string;
  /** A free bet (paid by the vendor's promotion): amount 0, nothing debited, still a round and a record. */
  free?: boolean;
  /** This bet also closes its round (no win to come). */
  roundClosed?: boolean;
}

/**
 * A bet in one statement (seamless_bet, kernel/ledger/sql/seamless.sql): claim, round, posting,
 * bet record, answer. `token`: the launch token the vendor sent, checked in the same statement (a
 * live game session of this member at this vendor); without one (in-process callers such as the
 * lottery) a live lobby session is needed.
 */
export async function bet(db: Db, brand: Brand, catalog: Catalog, vendor: string, body: BetInput, opts: { token?: string } = {}): Promise<Result> {
  checkCurrency(brand, body.currency);
  const amount = body.free && winAmount(body.amount) === 0n ? 0n : parseAmount(body.amount);
  const memberId = await findMember(db, brand, { account: body.member });
  await checkPlay(db, brand, memberId, amount, { vendor, txId: body.txId }); // responsible gaming: break, loss limits (cached per member)
  const game = catalog.game(body.gameId);
  if (!game || game.vendor.code !== vendor) throw new AppError('vendor.game.unknown');
  // Account ids are cached: no query once known.
  const acct = await memberAccount(db, brand.id, memberId);
  const house = await brandAccount(db, brand.id, 'house', body.roundId);
  const currency = brand.config.currency.code;
  const fp = fingerprintOf('bet', { memberId, roundId: body.roundId, amount, game: game.nodeId, currency, flags: `${body.free ? 'F' : ''}${body.roundClosed ? 'C' : ''}` });
  return callFunction(db, 'bet', [brand.id, vendor, body.txId, body.roundId, String(memberId), String(acct), String(house),
    game.nodeId, game.gameType, String(amount), currency, fp, opts.token === undefined, body.roundClosed === true,
    opts.token === undefined ? null : tokenHash(opts.token)], memberId, fp, house, async () => {
    throw new AppError('vendor.insufficient.funds', undefined, answerOf(brand, await mainBalance(db, brand, memberId), body.txId));
  });
}

export interface WinInput {
  txId: string; roundId: string; member: string; amount: unknown;
  currency?: string;
  /** A promotional win: paid without a bet, or on a closed round. */
  promo?: boolean;
  /** Closes the round (native wins always do; Hub88's round_closed). Default true. */
  roundClosed?: boolean;
  /** The bet this win is for (Hub88 reference_transaction_uuid): must exist in this round, not rolled back. */
  refTxId?: string;
  /** The game (nodeId), recorded on a promotional win without a bet. */
  gameId?: string;
}

/** A win in one statement (seamless_win): claim, round rules, settle the round's bets, posting, turnover, answer. */
export async function win(db: Db, brand: Brand, vendor: string, body: WinInput, catalog?: Catalog): Promise<Result> {
  checkCurrency(brand, body.currency);
  const amount = winAmount(body.amount);
  const memberId = await findMember(db, brand, { account: body.member });
  const acct = await memberAccount(db, brand.id, memberId);
  const house = await brandAccount(db, brand.id, 'house', body.roundId);
  const game = body.gameId !== undefined ? catalog?.game(body.gameId) : undefined;
  if (body.gameId !== undefined && catalog && (!game || game.vendor.code !== vendor)) throw new AppError('vendor.game.unknown');
  const close = body.roundClosed !== false;
  const currency = brand.config.currency.code;
  const fp = fingerprintOf('win', { memberId, roundId: body.roundId, amount, game: body.gameId, currency, ref: body.refTxId, flags: `${body.promo ? 'P' : ''}${close ? 'C' : ''}` });
  return callFunction(db, 'win', [brand.id, vendor, body.txId, body.roundId, String(memberId), String(acct), String(house),
    String(amount), currency, fp, close, body.promo === true, body.refTxId ?? null, game?.nodeId ?? null, game?.gameType ?? null], memberId, fp, house);
}

/** A rollback of a bet (before or after it came); it must name the bet's round. */
export async function rollback(db: Db | Tx, brand: Brand, vendor: string, body: { txId: string; refTxId: string; roundId: string; member: string }): Promise<Result> {
  const memberId = await findMember(db, brand, { account: body.member });
  const fp = fingerprintOf('rollback', { memberId, roundId: body.roundId, amount: 0n, currency: brand.config.currency.code, ref: body.refTxId });
  return db.transaction(async (tx) => {
    const c = await claim(tx, { merchantId: brand.id, vendor, txId: body.txId, refTxId: body.refTxId, roundId: body.roundId, memberId, kind: 'rollback', amount: 0n, status: 'applied', fingerprint: fp });
    if (!c.fresh) return { answer: replay(c.row, 'rollback', memberId, fp), memberId, moved: false };
    // The bet: seen, or remembered now as rolled back before it came.
    const ref = await claim(tx, { merchantId: brand.id, vendor, txId: body.refTxId, roundId: body.roundId, memberId, kind: 'bet', amount: 0n, status: 'rollback_unknown' });
    if (!ref.fresh && (ref.row.kind !== 'bet' || ref.row.memberId !== memberId)) throw new AppError('vendor.tx.conflict');
    if (!ref.fresh && ref.row.roundId !== body.roundId) throw new AppError('vendor.round.mismatch');
    let postingId: bigint | null = null;
    let balance: bigint | null = null;
    if (!ref.fresh && ref.row.status === 'applied') {
      const orderNo = ref.row.postingId === null ? `BRF${ref.row.id}` : `BR${ref.row.postingId}`;
      const [rec] = await tx.select().from(betRecords).where(and(eq(betRecords.merchantId, brand.id), eq(betRecords.orderNo, orderNo))).for('update');
      if (rec && rec.status === 'settled') throw new AppError('vendor.bet.settled');
      if (ref.row.postingId !== null && ref.row.amount > 0n) {
        const acct = await memberAccount(tx, brand.id, memberId);
        const house = await brandAccount(tx, brand.id, 'house', ref.row.roundId);
        const p = await post(tx, {
          merchantId: brand.id, kind: PLAY_KINDS.rollback, idemKey: idem(vendor, `rollback:${body.refTxId}`), memberId,
          lines: [{ account: house, amount: -ref.row.amount }, { account: acct, amount: ref.row.amount }],
          meta: { vendor, txId: body.txId, refTxId: body.refTxId, roundId: ref.row.roundId, gameType: rec?.gameType },
        });
        postingId = p.postingId;
        balance = p.balanceAfter.get(acct)!;
      }
      await tx.update(vendorTransactions).set({ status: 'rolled_back' }).where(eq(vendorTransactions.id, ref.row.id));
      if (rec) await tx.update(betRecords).set({ status: 'refunded', settledAt: new Date() }).where(eq(betRecords.id, rec.id));
    }
    const answer = answerOf(brand, balance ?? await mainBalance(tx, brand, memberId), body.txId);
    await tx.update(vendorTransactions).set({ answer, postingId, amount: postingId === null ? 0n : ref.row.amount }).where(eq(vendorTransactions.id, c.row.id));
    return { answer, memberId, moved: postingId !== null };
  });
}
