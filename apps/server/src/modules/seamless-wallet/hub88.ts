/**
 * The Hub88-compatible operator wallet API (contract: packages/contract/src/hub88.ts). An adapter
 * over the same money functions as the native protocol (seamless.ts): it verifies the
 * aggregator's RSA signature over the raw body, maps Hub88 fields and integer units onto bet /
 * win / rollback, and answers HTTP 200 with a documented RS_* status, signed with our key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { hub88 as contract } from '@lobby/contract';
import type { z } from 'zod';
import { members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import type { WalletCatalog as Catalog, WalletGame as CatalogGame } from './catalog-view.ts';
import { aggregatorKeys, hub88Sign, hub88Verify } from './credentials.ts';
import * as seamless from './seamless.ts';

type Status = contract.Status;

/** Our error codes as Hub88 statuses (anything else is RS_ERROR_UNKNOWN). */
const STATUS_OF: Record<string, Status> = {
  'vendor.token.invalid': 'RS_ERROR_INVALID_TOKEN',
  'vendor.token.expired': 'RS_ERROR_TOKEN_EXPIRED',
  'vendor.insufficient.funds': 'RS_ERROR_NOT_ENOUGH_MONEY',
  'vendor.currency.wrong': 'RS_ERROR_WRONG_CURRENCY',
  'vendor.game.unknown': 'RS_ERROR_INVALID_GAME',
  'vendor.tx.conflict': 'RS_ERROR_DUPLICATE_TRANSACTION',
  'wallet.duplicate.reference': 'RS_ERROR_DUPLICATE_TRANSACTION',
  'vendor.tx.unknown': 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'vendor.round.unknown': 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'vendor.bet.rolled.back': 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'responsible.cooloff': 'RS_ERROR_USER_DISABLED',
  'responsible.excluded': 'RS_ERROR_USER_DISABLED',
  'vendor.user.disabled': 'RS_ERROR_USER_DISABLED',
  'responsible.loss.limit': 'RS_ERROR_LIMIT_REACHED',
  request_param_err: 'RS_ERROR_WRONG_TYPES',
};

class Refusal extends Error {
  constructor(readonly status: Status, readonly balance?: number) {
    super(status);
  }
}

/** Hub88 units (1/100000) to our minor units; not a whole hundredth is WRONG_TYPES. */
function toMinor(units: number): bigint {
  const u = BigInt(units);
  if (u % contract.UNITS_PER_MINOR !== 0n) throw new Refusal('RS_ERROR_WRONG_TYPES');
  return u / contract.UNITS_PER_MINOR;
}
/** Our "123.45" balance string to Hub88 units. */
const toUnits = (balance: string): number => Number(BigInt(balance.replace('.', '')) * contract.UNITS_PER_MINOR);

/** The catalog's games by game code (built once per catalog object). */
const byCode = new WeakMap<Catalog, Map<string, CatalogGame>>();
function gameByCode(catalog: Catalog, code: string): CatalogGame | undefined {
  let m = byCode.get(catalog);
  if (!m) {
    m = new Map();
    for (const g of catalog.games) if (!m.has(g.gameCode)) m.set(g.gameCode, g);
    byCode.set(catalog, m);
  }
  return m.get(code);
}

/** Parses the body against a schema: missing fields / not JSON = WRONG_SYNTAX, wrong types = WRONG_TYPES. */
function parse<T extends z.ZodType>(schema: T, raw: string): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const missing = r.error.issues.some((i) => i.code === 'invalid_type' && (json as Record<string, unknown>)[String(i.path[0])] === undefined);
  throw new Refusal(missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES');
}

type Member = { id: bigint; username: string; createdAt: Date };
/** Id, name and registration date never change: bets (their status is read by seamless_bet), wins and rollbacks take them from here. */
const known = new WeakMap<object, Map<string, Member>>();

async function memberOf(app: FastifyInstance, brand: Brand, username: string): Promise<Member> {
  const [m] = await app.db.select({ id: members.id, username: members.username, createdAt: members.createdAt })
    .from(members).where(and(eq(members.merchantId, brand.id), eq(members.usernameKey, username.toLowerCase())));
  if (!m) throw new Refusal('RS_ERROR_UNKNOWN');
  let cache = known.get(app.db);
  if (!cache) known.set(app.db, (cache = new Map()));
  if (cache.size >= 100_000) cache.clear();
  cache.set(`${brand.id}:${username.toLowerCase()}`, { id: m.id, username: m.username, createdAt: m.createdAt });
  return m;
}

/** A member of the brand: from the cache once seen. */
async function knownMember(app: FastifyInstance, brand: Brand, username: string): Promise<Member> {
  return known.get(app.db)?.get(`${brand.id}:${username.toLowerCase()}`) ?? memberOf(app, brand, username);
}

type Handler = (app: FastifyInstance, brand: Brand, partner: string, raw: string) => Promise<contract.Answer>;

const answer = (brand: Brand, userName: string, requestUuid: string, balance: string): contract.Answer =>
  ({ user: userName, status: 'RS_OK', request_uuid: requestUuid, currency: brand.config.currency.code, balance: toUnits(balance) });

/** The money functions' refusals as statuses; NOT_ENOUGH_MONEY carries the balance. */
async function money(brand: Brand, userName: string, requestUuid: string, run: () => Promise<seamless.Result>): Promise<contract.Answer> {
  try {
    const r = await run();
    return answer(brand, userName, requestUuid, r.answer.balance);
  } catch (err) {
    if (err instanceof AppError) {
      const status = STATUS_OF[err.code] ?? 'RS_ERROR_UNKNOWN';
      const v = err.value as { balance?: string } | undefined;
      throw new Refusal(status, status === 'RS_ERROR_NOT_ENOUGH_MONEY' && v?.balance ? toUnits(v.balance) : undefined);
    }
    throw err;
  }
}

const handlers: Record<string, Handler> = {
  '/user/info': async (app, brand, _p, raw) => {
    const b = parse(contract.userInfo, raw);
    const m = await memberOf(app, brand, b.user);
    return { user: m.username, status: 'RS_OK', request_uuid: b.request_uuid, sub_partner_id: brand.code, registration_date: m.createdAt.toISOString().slice(0, 10) };
  },
  '/user/balance': async (app, brand, _p, raw) => {
    const b = parse(contract.userBalance, raw);
    const m = await memberOf(app, brand, b.user);
    return money(brand, m.username, b.request_uuid, () => seamless.balanceOf(app.db, brand, { memberId: String(m.id) }));
  },
  '/transaction/bet': async (app, brand, _p, raw) => {
    const b = parse(contract.bet, raw);
    const minor = toMinor(b.amount);
    // the member's status (RS_ERROR_USER_DISABLED when locked) is read with the token, in seamless_bet
    const m = await knownMember(app, brand, b.user);
    return money(brand, m.username, b.request_uuid, async () => {
      const catalog = await app.catalogs.get(brand);
      const g = gameByCode(catalog, b.game_code);
      if (!g) throw new AppError('vendor.game.unknown');
      // the launch token is checked with the bet (seamless_bet): live, this member's, at the game's vendor
      return seamless.bet(app.db, brand, catalog, g.vendor.code, {
        txId: b.transaction_uuid, roundId: b.round, member: m.username, gameId: g.nodeId,
        amount: b.is_free ? '0' : formatAmount(minor), currency: b.currency, free: b.is_free === true, roundClosed: b.round_closed === true,
      }, { token: b.token });
    });
  },
  '/transaction/win': async (app, brand, _p, raw) => {
    const b = parse(contract.win, raw);
    const minor = toMinor(b.amount);
    const m = await knownMember(app, brand, b.user);
    return money(brand, m.username, b.request_uuid, async () => {
      const catalog = await app.catalogs.get(brand);
      const g = gameByCode(catalog, b.game_code);
      if (!g) throw new AppError('vendor.game.unknown');
      return seamless.win(app.db, brand, g.vendor.code, {
        txId: b.transaction_uuid, roundId: b.round, member: m.username, amount: formatAmount(minor), currency: b.currency,
        promo: b.is_supplier_promo === true, roundClosed: b.round_closed === true, refTxId: b.reference_transaction_uuid ?? undefined, gameId: g.nodeId,
      }, catalog);
    });
  },
  '/transaction/rollback': async (app, brand, _p, raw) => {
    const b = parse(contract.rollback, raw);
    const m = await knownMember(app, brand, b.user);
    return money(brand, m.username, b.request_uuid, async () => {
      const g = gameByCode(await app.catalogs.get(brand), b.game_code);
      if (!g) throw new AppError('vendor.game.unknown');
      return seamless.rollback(app.db, brand, g.vendor.code, { txId: b.transaction_uuid, refTxId: b.reference_transaction_uuid, roundId: b.round, member: m.username });
    });
  },
};

const requestUuidOf = (raw: string): string | undefined => {
  try {
    const v = (JSON.parse(raw) as { request_uuid?: unknown }).request_uuid;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
};

/** POST /wallet/hub88/:merchant/:partner/<path>: brand and aggregator from the path. */
export async function hub88Routes(app: FastifyInstance) {
  const passphrase = app.config.BRAND_KEY_PASSPHRASE;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')));
  for (const [path, handler] of Object.entries(handlers)) {
    app.post(`${contract.PATH_PREFIX}/:merchant/:partner${path}`, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const { merchant, partner } = req.params as { merchant: string; partner: string };
      const brand = app.brands.all().find((b) => b.code.toLowerCase() === merchant.toLowerCase());
      const keys = brand ? await aggregatorKeys(app.db, brand.id, partner, passphrase) : null;
      let out: contract.Answer;
      if (!brand || !keys || keys.verify.length === 0) {
        out = { status: 'RS_ERROR_INVALID_PARTNER', request_uuid: requestUuidOf(raw) };
      } else if (!hub88Verify(keys.verify, raw, req.headers[contract.SIGNATURE_HEADER] as string | undefined)) {
        out = { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuidOf(raw) };
      } else {
        try {
          out = await handler(app, brand, partner, raw);
        } catch (err) {
          if (!(err instanceof Refusal)) req.log.error({ err }, 'hub88 wallet call failed');
          const status = err instanceof Refusal ? err.status : 'RS_ERROR_UNKNOWN';
          out = { status, request_uuid: requestUuidOf(raw), ...(err instanceof Refusal && err.balance !== undefined ? { balance: err.balance, currency: brand.config.currency.code } : {}) };
        }
      }
      const text = JSON.stringify(out);
      if (keys?.sign) reply.header(contract.SIGNATURE_HEADER, hub88Sign(keys.sign, text));
      return reply.code(200).type('application/json').send(text);
    });
  }
}
