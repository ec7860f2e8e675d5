import type { FastifyInstance, FastifyRequest } from 'fastify';
import { vendor as contract } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { memberRoom } from '../../kernel/live/index.ts';
import { notifyBalances as notify } from '../../kernel/live/index.ts';
import * as seamless from './seamless.ts';
import { credentialsConsoleRoutes } from './console-credentials.ts';
import { seedCredentials } from './credentials.ts';
import { hub88Routes } from './hub88.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body as received (seamless-wallet signatures are over these bytes). */
    rawBody?: string;
    /** The vendor whose signature was verified. */
    vendorCode?: string;
  }
}

/** How long a balance push waits for more moves of the same member. */
export const PUSH_COALESCE_MS = 25;

const bodyError = (message: string) => Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });

/** The seamless wallet: its console routes, and each protocol in its own scope (raw-body parser, signature hook). */
export async function vendorRoutes(app: FastifyInstance) {
  await seedCredentials(app.db);
  credentialsConsoleRoutes(app);
  await app.register(nativeRoutes);
  await app.register(hub88Routes);
}

/**
 * The native protocol (encapsulated: its JSON parser keeps the raw body). The signature is
 * checked before validation, so an unsigned call learns nothing about the body rules.
 */
async function nativeRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    if (text.length === 0) return done(bodyError('empty body'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(bodyError('invalid JSON'), undefined);
    }
  });
  app.addHook('preValidation', async (req) => {
    const brand = requestBrand(req);
    req.vendorCode = await seamless.verifySignature(app.db, brand, req.headers, req.rawBody ?? '');
    const v = (req.body as { vendor?: unknown } | undefined)?.vendor;
    if (v !== req.vendorCode) throw new AppError('vendor.signature.invalid');
  });
  // The balance push reads and emits after the answer is on its way (notify never throws). A
  // member's moves within PUSH_COALESCE_MS share one push: it reads the balance when it runs,
  // after every answer it covers (a move after it starts schedules the next one).
  const pending = new Map<string, NodeJS.Timeout>();
  // Without Redis every socket is in this process: a member with no open page here needs no
  // push (and its balance read); the page reads the balance when it opens.
  const listening = (brand: Parameters<typeof notify>[1], memberId: bigint) =>
    !!app.redis || !app.hasDecorator('io') || app.io.sockets.adapter.rooms.has(memberRoom(brand.id, memberId));
  const after = (brand: Parameters<typeof notify>[1], r: seamless.Result) => {
    const key = `${brand.id}:${r.memberId}`;
    if (r.moved && !pending.has(key) && listening(brand, r.memberId)) {
      pending.set(key, setTimeout(() => {
        pending.delete(key);
        void notify(app.walletEvents, brand, r.memberId);
      }, PUSH_COALESCE_MS));
    }
    return r.answer;
  };
  // Pushes still waiting at shutdown are dropped (best effort; the next balance read is exact).
  app.addHook('preClose', async () => {
    for (const t of pending.values()) clearTimeout(t);
    pending.clear();
  });
  route(app, contract.balance, async ({ brand, body }) => (await seamless.balanceOf(app.db, brand, body)).answer);
  route(app, contract.bet, async ({ brand, body, req }) => {
    return after(brand, await seamless.bet(app.db, brand, await app.catalogs.get(brand), req.vendorCode!, body, { token: body.token }));
  });
  route(app, contract.win, async ({ brand, body, req }) =>
    after(brand, await seamless.win(app.db, brand, req.vendorCode!, body, body.gameId ? await app.catalogs.get(brand) : undefined)));
  route(app, contract.rollback, async ({ brand, body, req }) => after(brand, await seamless.rollback(app.db, brand, req.vendorCode!, body)));
}
