import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import { MODULES, okEnvelope, type Endpoint } from '@lobby/contract';
import type { z } from 'zod';
import { AppError } from '../plugins/errors.ts';
import { requestBrand, type Brand } from '../plugins/merchant.ts';
import { loadPrincipal, type Principal } from '../plugins/session.ts';
import { regionBlocked } from './geo.ts';

/** A reply body that is already JSON (hot paths serve cached strings). */
export class RawJson {
  constructor(readonly json: string) {}
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
  handler: (ctx: Ctx<Q, B>) => Promise<z.input<R> | RawJson>,
  opts: { rateLimit?: { max: number; timeWindow: number } } = {},
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
      if (value instanceof RawJson) return reply.type('application/json; charset=utf-8').send(value.json);
      return { success: true as const, value };
    },
  };
  app.route(options);
}
