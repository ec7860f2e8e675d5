/**
 * The console's seamless-wallet credentials (settings.manage, see the contract
 * seamless-credentials.ts): list, create or rotate, revoke. Each change is audited without
 * secrets or private keys and forgotten from this process's credential cache at once (other
 * instances within CREDENTIAL_TTL_MS).
 */
import type { FastifyInstance } from 'fastify';
import { seamlessCredentials as contract } from '@lobby/contract';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { createCredential, forgetCredentials, listCredentials, revokeCredential } from './credentials.ts';

export function credentialsConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const passphrase = app.config.BRAND_KEY_PASSPHRASE;
  route(app, contract.list, async ({ brand, req }) => (operatorOf(req), listCredentials(db, brand.id)));
  route(app, contract.create, async ({ brand, req, body }) => {
    const actor = operatorOf(req);
    const out = await db.transaction(async (tx) => {
      const r = await createCredential(tx, brand.id, actor.name, body, passphrase);
      await record(tx, actor, brand, req.ip, {
        action: 'seamless.credential.create', target: `${body.protocol}:${body.partner}`,
        before: r.ended.length ? { ending: r.ended.map((e) => ({ id: e.id, expiresAt: e.expiresAt })) } : undefined,
        after: { id: r.credential.id, protocol: body.protocol, partner: body.partner, secretHint: r.credential.secretHint, ourPublicKey: r.credential.ourPublicKey, overlapHours: body.overlapHours },
      });
      return r;
    });
    forgetCredentials(db);
    return out;
  });
  route(app, contract.revoke, async ({ brand, req, body }) => {
    const actor = operatorOf(req);
    const out = await db.transaction(async (tx) => {
      const r = await revokeCredential(tx, brand.id, BigInt(body.id));
      await record(tx, actor, brand, req.ip, {
        action: 'seamless.credential.revoke', target: `${r.after.protocol}:${r.after.partner}:${r.after.id}`,
        before: { expiresAt: r.before.expiresAt }, after: { expiresAt: r.after.expiresAt },
      });
      return r.after;
    });
    forgetCredentials(db);
    return out;
  });
}
