// Edit a brand's config (merchants.config, jsonb) in a PGlite data dir while no server has it open.
//   node e2e/lib/set-brand.mjs <DATA_DIR> <merchant code> '<json patch>'
// The patch is deep-merged into the config (arrays and scalars replace); `version` is bumped so
// caches that compare it reload. The server must be stopped: PGlite is single-process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function deepMerge(base, patch) {
  if (!isObject(base) || !isObject(patch)) return patch;
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObject(v) && isObject(base[k]) ? deepMerge(base[k], v) : v;
  return out;
}

/**
 * @param {string} dataDir the server's DATA_DIR (PGlite lives in DATA_DIR/pglite)
 * @param {Record<string, object>} patches merchant code -> partial config
 * @returns the new configs by code
 */
export async function setBrands(dataDir, patches) {
  const db = await PGlite.create(path.resolve(dataDir, 'pglite'));
  try {
    const out = {};
    for (const [code, patch] of Object.entries(patches)) {
      const { rows } = await db.query('select config from merchants where code = $1', [code]);
      if (!rows.length) throw new Error(`merchant ${code} not found in ${dataDir}`);
      const config = deepMerge(rows[0].config, patch);
      await db.query(
        'update merchants set config = $2::jsonb, version = version + 1, updated_at = now() where code = $1',
        [code, JSON.stringify(config)],
      );
      out[code] = config;
    }
    return out;
  } finally {
    await db.close();
  }
}

export const setBrand = (dataDir, code, patch) => setBrands(dataDir, { [code]: patch });

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dataDir, code, json] = process.argv.slice(2);
  if (!dataDir || !code || !json) {
    console.error("usage: node e2e/lib/set-brand.mjs <DATA_DIR> <merchant code> '<json patch>'");
    process.exit(2);
  }
  const cfg = await setBrand(dataDir, code, JSON.parse(json));
  console.log(`${code}: ${JSON.stringify(JSON.parse(json))} applied (maintenance=${JSON.stringify(cfg[code].maintenance)})`);
}
