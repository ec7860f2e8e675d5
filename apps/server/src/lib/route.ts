import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import { MODULES, okEnvelope, type Endpoint } from '@lobby/contract';
import type { z } from 'zod';
import { AppError } from '../plugins/errors.ts';
import { requestBrand, type Brand } from '../plugins/merchant.ts';
import { loadPrincipal, type Principal } from '../plugins/session.ts';
import { regionBlocked } from './geo.ts';

/** A reply body that is already JSON, built for this call (the compress plugin packs it when large). */
export class RawJson {
  constructor(readonly json: string) {}
}

const JSON_TYPE = 'application/json; charset=utf-8';
const BR = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 8 } };
type Packing = 'br' | 'gzip';
/** Below this size packing saves less than its headers cost (the compress plugin's threshold). */
const PACK_FROM = 1024;

/** The packing a client takes, brotli first: `accept-encoding` tokens, one refused with `q=0` left out. */
export function packingFor(accept: string | undefined): Packing | null {
  if (!accept) return null;
  let gzip = false;
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * A cached answer (catalog, hot games, announcements): encoded to bytes once, and packed with
 * brotli or gzip once, on the first client asking for it. Sending bytes skips the per-call
 * string encoding and compression that dominated these routes' cost.
 */
export class CachedJson {
  readonly body: Buffer;
  private readonly packed: Partial<Record<Packing, Buffer>> = {};
  constructor(json: string) {
    this.body = Buffer.from(json);
  }

  send(req: FastifyRequest, reply: FastifyReply) {
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    const packing = this.body.length >= PACK_FROM ? packingFor(req.headers['accept-encoding']) : null;
    if (!packing) return reply.send(this.body);
    const packed = (this.packed[packing] ??= packing === 'br' ? zlib.brotliCompressSync(this.body, BR) : zlib.gzipSync(this.body));
    return reply.header('content-encoding', packing).send(packed);
  }
}

export interface Ctx<Q extends z.ZodType, B extends z.ZodType> {
  query: z.output<Q>;
  body: z.output<B>;
  req: FastifyRequest;
  reply: FastifyReply;
  brand: Brand;
  /** The logged-in caller; reading it on a call without a session answers customer.not.login. */
  readonly principal: Principal;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the crypto plugin: turns `{value: ciphertext}` into the plain body. */
    decryptBody?: preValidationHookHandler;
  }
}

const OPEN_MODULES = new Set<string>([MODULES.common]);

/**
 * Registers one contract endpoint: the schemas validate the request and serialise the
 * response, the brand and session are resolved, and the module switch, maintenance and
 * region rules are applied before the handler runs. The handler returns the `value`.
 */
export function route<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  ep: Endpoint<Q, B, R>,
  handler: (ctx: Ctx<Q, B>) => Promise<z.input<R> | RawJson | CachedJson>,
  /** `cached`: the handler answers a CachedJson, which packs itself; the compress plugin stays off the route. */
  opts: { rateLimit?: { max: number; timeWindow: number }; cached?: boolean } = {},
) {
  if (ep.encrypted && !app.decryptBody) throw new Error(`${ep.path}: encrypted endpoint without the crypto plugin`);
  const options: RouteOptions = {
    method: ep.method,
    url: ep.path,
    schema: {
      summary: ep.summary,
      tags: [ep.module],
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      response: { 200: okEnvelope(ep.response) },
    },
    config: { rateLimit: opts.rateLimit ?? { max: app.config.RATE_LIMIT_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
    preValidation: ep.encrypted ? app.decryptBody : undefined,
    ...(opts.cached ? { compress: false, decompress: false } : {}),
    handler: async (req, reply) => {
      const brand = requestBrand(req);
      req.brand = brand;
      if (!brand.modules.has(ep.module)) throw new AppError('function.not.available');
      if (!OPEN_MODULES.has(ep.module)) {
        if (brand.config.maintenance.enabled) throw new AppError('system.maintenance');
        if (regionBlocked(brand.config.region, req.ip)) throw new AppError('region.restricted');
      }
      req.principal = ep.auth === 'none' ? null : await loadPrincipal(app.db, req);
      if (ep.auth === 'member' && !req.principal) throw new AppError('customer.not.login');
      const ctx: Ctx<Q, B> = {
        query: req.query as z.output<Q>,
        body: req.body as z.output<B>,
        req,
        reply,
        brand,
        get principal() {
          if (!req.principal) throw new AppError('customer.not.login');
          return req.principal;
        },
      };
      const value = await handler(ctx);
      if (value instanceof CachedJson) return value.send(req, reply);
      if (value instanceof RawJson) return reply.type(JSON_TYPE).send(value.json);
      return { success: true as const, value };
    },
  };
  app.route(options);
}
