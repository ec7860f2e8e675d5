/**
 * The one authorisation layer of operator routes. On every route under /wps/operator/ and
 * /wps/ops/, before validation: the console session (X-Operator-Session) or the service key
 * (X-Operator-Key) is read, and the caller must hold the permission the route table names for
 * that route on the request's brand; a route missing from the table is refused. Handlers take
 * the authorised caller with `operatorOf(req)`. Changes made on the older API get one audit row
 * each (console handlers write their own), written before the answer leaves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../plugins/errors.ts';
import { requestBrand, type Brand } from '../../plugins/merchant.ts';
import { allows, inScope, keyActor, keyIdentities, type Actor } from './actor.ts';
import { record } from './audit.ts';
import { isOperatorPath, ruleOf, sessionOnly } from './route-permissions.ts';
import { keyOf, loadActor, sessionToken } from './sessions.ts';

/** The authorised operator caller of this request (the access hook ran), else operator.not.session. */
export function operatorOf(req: FastifyRequest): Actor {
  if (req.operatorSessionError) throw new AppError(req.operatorSessionError);
  if (!req.operatorActor) throw new AppError('operator.not.session');
  return req.operatorActor;
}

export const operatorAccess = fp(async (app: FastifyInstance) => {
  const db = app.db;
  // parsed again only when the setting changes (a test may change it on a running app)
  let parsed = { from: '', keys: [] as ReturnType<typeof keyIdentities> };
  const keysNow = () => {
    const from = `${app.config.OPERATOR_API_KEY ?? ''}\n${app.config.OPERATOR_API_KEY_PERMISSIONS ?? ''}`;
    if (from !== parsed.from) parsed = { from, keys: keyIdentities(app.config.OPERATOR_API_KEY, app.config.OPERATOR_API_KEY_PERMISSIONS) };
    return parsed.keys;
  };

  function authorize(req: FastifyRequest, brand: Brand, console: boolean): Actor {
    if (req.operatorSessionError) throw new AppError(req.operatorSessionError);
    let a = req.operatorActor;
    if (!a) {
      const given = keyOf(req);
      if (!given && console) throw new AppError('operator.not.session');
      const keys = keysNow();
      if (!keys.length) throw new AppError('function.not.available');
      a = given ? keyActor(keys, brand, given) : undefined;
      if (!a) throw new AppError('cashier.operator.unauthorized');
    }
    const rule = ruleOf(req.method, req.routeOptions.url!);
    if (a.kind === 'service' && sessionOnly(req.method, req.routeOptions.url!)) throw new AppError('operator.not.session');
    if (!inScope(a, brand) || rule === undefined || rule === 'self' || !allows(a, rule)) throw new AppError('operator.forbidden');
    return a;
  }

  // callback hooks (they run on every route): a request outside the operator API costs no promise
  app.addHook('preValidation', (req, _reply, done) => {
    const url = req.routeOptions.url;
    if (!url || !isOperatorPath(url)) return done();
    const rule = ruleOf(req.method, url);
    if (rule === undefined) {
      req.log.error({ url, method: req.method }, 'operator route missing from the route permission table');
      return done(new AppError('operator.forbidden'));
    }
    const console = url.startsWith('/wps/ops/');
    req.operatorAudited = console;
    const token = sessionToken(req);
    const loaded = token ? loadActor(db, token).then(({ actor }) => { req.operatorActor = actor; }, (err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      req.operatorSessionError = err.code;
    }) : Promise.resolve();
    loaded.then(() => {
      if (rule === 'self') return done();
      const brand = requestBrand(req);
      req.operatorActor = authorize(req, brand, console);
      done();
    }).catch((err: unknown) => done(err as Error));
  });

  // older operator calls: one audit row per change, written before the answer leaves (onSend),
  // so a client that saw the answer finds the row
  app.addHook('onSend', (req, reply, payload, done) => {
    const a = req.operatorActor;
    if (!a || req.operatorAudited || req.method === 'GET' || reply.statusCode >= 400) return done(null, payload);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const target = String(body.orderNo ?? body.withdrawNo ?? body.id ?? body.drawNo ?? body.title ?? '');
    record(db, a, req.brand ?? null, req.ip, { action: `api:${req.url.split('?')[0]}`, target, after: body })
      .catch((err: unknown) => req.log.error({ err }, 'operator audit write failed'))
      .then(() => done(null, payload));
  });
});
