/** The brand's aggregator configurations (table aggregator_configs) and which vendors launch through which. */
import { and, eq } from 'drizzle-orm';
import type { aggregators as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { aggregatorConfigs } from '../../db/aggregators-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { aggregatorKeys } from '../seamless-wallet/index.ts';
import type { Connection } from './adapter.ts';

export type ConfigRow = typeof aggregatorConfigs.$inferSelect;

export async function listConfigs(db: Db | Tx, merchantId: number): Promise<ConfigRow[]> {
  return db.select().from(aggregatorConfigs).where(eq(aggregatorConfigs.merchantId, merchantId)).orderBy(aggregatorConfigs.code);
}

export async function configOf(db: Db | Tx, merchantId: number, code: string): Promise<ConfigRow> {
  const [row] = await db.select().from(aggregatorConfigs).where(and(eq(aggregatorConfigs.merchantId, merchantId), eq(aggregatorConfigs.code, code)));
  if (!row) throw new AppError('operator.aggregator.not.found');
  return row;
}

/** Adds or changes one configuration; answers the row before (null when new) and after. */
export async function saveConfig(tx: Tx, merchantId: number, body: contract.SaveBody & { kind: contract.Kind; enabled: boolean }) {
  const [before] = await tx.select().from(aggregatorConfigs)
    .where(and(eq(aggregatorConfigs.merchantId, merchantId), eq(aggregatorConfigs.code, body.code))).for('update');
  const values = { baseUrl: body.baseUrl.replace(/\/+$/, ''), operatorId: body.operatorId, vendorPrefix: body.vendorPrefix, kind: body.kind, enabled: body.enabled, updatedAt: new Date() };
  const [after] = before
    ? await tx.update(aggregatorConfigs).set(values).where(eq(aggregatorConfigs.id, before.id)).returning()
    : await tx.insert(aggregatorConfigs).values({ merchantId, code: body.code, ...values }).returning();
  return { before: before ?? null, after };
}

/** Our signing key for an aggregator and how to reach it; operator.aggregator.keys.missing without a key pair. */
export async function connectionOf(db: Db, merchantId: number, row: ConfigRow, passphrase?: string): Promise<Connection> {
  const keys = await aggregatorKeys(db, merchantId, row.code, passphrase);
  if (!keys.sign) throw new AppError('operator.aggregator.keys.missing');
  return { baseUrl: row.baseUrl, operatorId: row.operatorId, sign: keys.sign };
}

export async function keysReady(db: Db, merchantId: number, code: string, passphrase?: string): Promise<boolean> {
  return (await aggregatorKeys(db, merchantId, code, passphrase)).sign !== null;
}

/** vendor code → enabled configuration, per brand, for launches; kept a few seconds. */
const VENDORS_TTL_MS = 5_000;
const vendorMaps = new WeakMap<object, Map<number, { until: number; map: Map<string, ConfigRow> }>>();

export function forgetVendors(db: Db | Tx, merchantId: number) {
  vendorMaps.get(db)?.delete(merchantId);
}

export async function aggregatorOfVendor(db: Db, merchantId: number, vendor: string): Promise<ConfigRow | undefined> {
  let maps = vendorMaps.get(db);
  if (!maps) vendorMaps.set(db, (maps = new Map()));
  let hit = maps.get(merchantId);
  if (!hit || hit.until < Date.now()) {
    const map = new Map<string, ConfigRow>();
    for (const row of await listConfigs(db, merchantId)) if (row.enabled) for (const v of row.vendors) map.set(v, row);
    hit = { until: Date.now() + VENDORS_TTL_MS, map };
    maps.set(merchantId, hit);
  }
  return hit.map.get(vendor);
}
