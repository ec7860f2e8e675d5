/**
 * Console routes of game aggregators (contract aggregators.ts): list the brand's aggregators,
 * save one (settings.manage), import its game list into the catalog (games.manage). Access is
 * decided per route by the operator-access layer (role and brand of the request); every change
 * is audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aggregators as contract } from '@lobby/contract';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { ADAPTERS } from './hub88.ts';
import { importList } from './import.ts';
import { configOf, connectionOf, forgetVendors, keysReady, listConfigs, saveConfig, type ConfigRow } from './store.ts';
import { walletUrlOf } from './wallet-url.ts';

export async function aggregatorView(app: FastifyInstance, brand: Brand, row: ConfigRow, origin: string): Promise<contract.Aggregator> {
  return {
    code: row.code, kind: row.kind as contract.Kind, baseUrl: row.baseUrl, operatorId: row.operatorId, vendorPrefix: row.vendorPrefix,
    enabled: row.enabled, vendors: row.vendors, lastImport: row.lastImport ?? null,
    keysReady: await keysReady(app.db, brand.id, row.code, app.config.BRAND_KEY_PASSPHRASE),
    walletUrl: walletUrlOf(origin, brand, row.code),
  };
}

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Imports the aggregator's list for a brand (console and the development stand-in set-up). */
export async function importFromAggregator(app: FastifyInstance, brand: Brand, row: ConfigRow) {
  const conn = await connectionOf(app.db, brand.id, row, app.config.BRAND_KEY_PASSPHRASE);
  const list = await ADAPTERS[row.kind as contract.Kind].gameList(conn);
  const out = await importList(app.db, row, list);
  forgetVendors(app.db, brand.id);
  app.catalogs.invalidate(brand.id);
  await app.brandsChanged();
  return out;
}

export function aggregatorsConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, contract.list, async ({ brand, req }) => {
    operatorOf(req);
    return Promise.all((await listConfigs(db, brand.id)).map((r) => aggregatorView(app, brand, r, originOf(req))));
  });
  route(app, contract.save, async ({ brand, req, body }) => {
    const actor = operatorOf(req);
    const after = await db.transaction(async (tx) => {
      const r = await saveConfig(tx, brand.id, body);
      const fields = (x: ConfigRow | null) => x && { kind: x.kind, baseUrl: x.baseUrl, operatorId: x.operatorId, vendorPrefix: x.vendorPrefix, enabled: x.enabled };
      await record(tx, actor, brand, req.ip, { action: 'aggregator.save', target: body.code, before: fields(r.before) ?? undefined, after: fields(r.after)! });
      return r.after;
    });
    forgetVendors(db, brand.id);
    return aggregatorView(app, brand, after, originOf(req));
  });
  route(app, contract.importCatalog, async ({ brand, req, body }) => {
    const actor = operatorOf(req);
    const row = await configOf(db, brand.id, body.code);
    const out = await importFromAggregator(app, brand, row);
    await db.transaction((tx) => record(tx, actor, brand, req.ip, {
      action: 'aggregator.import', target: body.code, after: { ...out.summary, vendorCodes: out.vendors },
    }));
    return aggregatorView(app, brand, await configOf(db, brand.id, body.code), originOf(req));
  });
}
