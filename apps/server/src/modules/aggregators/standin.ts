/**
 * Development convenience: with AGGREGATOR_STANDIN_URL set (npm start, npm run dev and the
 * browser journeys that ask for it start the stand-in of tools/aggregator-standin), the demo
 * brand is connected to the stand-in as its aggregator HUB88 at every start, the way an operator
 * does it in the console: the stand-in's public key becomes a hub88 credential (with a new key
 * pair of ours; again whenever the stand-in's key changed), the configuration points at its
 * address, the stand-in's back office gets our public key and wallet URL, and its game list is
 * imported when never imported or its address moved. Never needed for a real aggregator.
 */
import type { FastifyInstance } from 'fastify';
import { createCredential, listCredentials } from '../seamless-wallet/index.ts';
import { importFromAggregator } from './console.ts';
import { listConfigs, saveConfig } from './store.ts';
import { walletUrlOf } from './wallet-url.ts';

export const STANDIN_CODE = 'HUB88';
const BRAND = 'demo';
const OPERATOR_ID = '1';
const ACTOR = 'dev:aggregator-standin';

async function fetchOk(url: string, init?: RequestInit, tries = 20): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
      if (res.ok) return res;
      if (i >= tries) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    } catch (err) {
      if (i >= tries) throw err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

const sameKey = (a: string | null, b: string) => (a ?? '').replace(/\s+/g, '') === b.replace(/\s+/g, '');

export async function connectStandin(app: FastifyInstance, standinUrl: string, ourOrigin: string): Promise<void> {
  const brand = app.brands.byMerchantCode(BRAND);
  if (!brand) return;
  const base = standinUrl.replace(/\/+$/, '');
  const theirKey = await (await fetchOk(`${base}/backoffice/public-key`)).text();
  const passphrase = app.config.BRAND_KEY_PASSPHRASE;
  const before = (await listConfigs(app.db, brand.id)).find((c) => c.code === STANDIN_CODE);
  await app.db.transaction(async (tx) => {
    const live = (await listCredentials(tx, brand.id)).filter((c) => c.protocol === 'hub88' && c.partner === STANDIN_CODE && c.status === 'current');
    if (!live.some((c) => sameKey(c.partnerPublicKey, theirKey))) {
      await createCredential(tx, brand.id, ACTOR, { partner: STANDIN_CODE, protocol: 'hub88', partnerPublicKey: theirKey, overlapHours: 0 }, passphrase);
    }
    if (!before || before.baseUrl !== base || !before.enabled) {
      await saveConfig(tx, brand.id, { code: STANDIN_CODE, kind: 'hub88', baseUrl: base, operatorId: OPERATOR_ID, vendorPrefix: before?.vendorPrefix ?? 'H8', enabled: true });
    }
  });
  const ours = (await listCredentials(app.db, brand.id)).find((c) => c.protocol === 'hub88' && c.partner === STANDIN_CODE && c.status === 'current');
  await fetchOk(`${base}/backoffice/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operator_id: OPERATOR_ID, public_key: ours?.ourPublicKey, wallet_url: walletUrlOf(ourOrigin, brand, STANDIN_CODE) }),
  }, 3);
  const row = (await listConfigs(app.db, brand.id)).find((c) => c.code === STANDIN_CODE)!;
  if (row.lastImport && before?.baseUrl === base) return;
  const out = await importFromAggregator(app, brand, row);
  app.log.info({ aggregator: STANDIN_CODE, standinUrl: base, ...out.summary }, 'aggregator stand-in connected to brand demo');
}
