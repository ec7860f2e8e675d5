import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { games as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { games, vendors } from '../../db/schema.ts';

/**
 * The catalog file operators import (JSON): vendors and games of one brand. Rows are matched by
 * vendor code and game nodeId and updated in place (play counts are kept); rows not in the file
 * are left as they are (disable them with `enabled: false`).
 */
const name = z.object({ ES: z.string().trim().min(1).max(80), EN: z.string().trim().min(1).max(80) });
const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ or -, at most 40').refine((s) => s !== 'vendor', 'reserved');

export const catalogVendor = z.object({
  code: z.string().regex(contract.VENDOR_CODE, 'a category prefix and 2-20 capitals or digits, e.g. RNG-AURORA'),
  name: z.string().trim().min(1).max(60),
  gameType: contract.gameType,
  sort: z.number().int().min(0).max(1_000_000).default(0),
  enabled: z.boolean().default(true),
  maintenance: z.boolean().default(false),
}).strict().refine((v) => v.code.startsWith(`${v.gameType}-`), { message: 'the code prefix must be the gameType', path: ['code'] });

export const catalogGame = z.object({
  nodeId,
  gameCode: z.string().trim().min(1).max(40),
  name,
  gameType: contract.gameType,
  vendor: z.string().regex(contract.VENDOR_CODE),
  isHot: z.boolean().default(false),
  supportPlay: z.number().int().min(0).max(9).default(1),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  enabled: z.boolean().default(true),
  /** The tile's image by URL (an aggregator's thumbnail); none = generated art. */
  imageUrl: z.string().max(1000).regex(/^https?:\/\/[^\s"'<>]+$/, 'an http(s) URL').optional(),
}).strict();

const catalogFile = z.object({
  vendors: z.array(catalogVendor).max(500).default([]),
  games: z.array(catalogGame).max(50_000).default([]),
}).strict().superRefine((f, ctx) => {
  const codes = new Set<string>();
  f.vendors.forEach((v, i) => {
    if (codes.has(v.code)) ctx.addIssue({ code: 'custom', path: ['vendors', i, 'code'], message: `duplicate vendor ${v.code}` });
    codes.add(v.code);
  });
  const nodes = new Set<string>();
  f.games.forEach((g, i) => {
    if (nodes.has(g.nodeId)) ctx.addIssue({ code: 'custom', path: ['games', i, 'nodeId'], message: `duplicate nodeId ${g.nodeId}` });
    nodes.add(g.nodeId);
    if (!g.vendor.startsWith(`${g.gameType}-`)) ctx.addIssue({ code: 'custom', path: ['games', i, 'vendor'], message: `vendor ${g.vendor} is not a ${g.gameType} vendor` });
  });
});
export type CatalogFile = z.input<typeof catalogFile>;

/** A rejected import: `issues` lists each problem as "path: message". */
export class CatalogImportError extends Error {
  constructor(readonly issues: string[]) {
    super(`Catalog import refused: ${issues.slice(0, 10).join('; ')}${issues.length > 10 ? ` (and ${issues.length - 10} more)` : ''}`);
    this.name = 'CatalogImportError';
  }
}

const CHUNK = 1000;

export interface ImportResult { vendors: number; games: number }

/**
 * Imports a catalog file (JSON text or a parsed object) into one brand, in one transaction.
 * `skipExisting` leaves rows that already exist untouched (the demo seed uses it).
 * Callers must then reload the catalogs (`app.brandsChanged()` or `catalogs.invalidate`).
 */
export async function importCatalog(db: Db, merchantId: number, json: unknown, opts: { skipExisting?: boolean } = {}): Promise<ImportResult> {
  let input = json;
  if (typeof json === 'string') {
    try {
      input = JSON.parse(json);
    } catch (err) {
      throw new CatalogImportError([`file: not valid JSON (${(err as Error).message})`]);
    }
  }
  const parsed = catalogFile.safeParse(input);
  if (!parsed.success) {
    throw new CatalogImportError(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  }
  const file = parsed.data;
  return db.transaction(async (tx) => {
    const known = new Set(file.vendors.map((v) => v.code));
    const missing = [...new Set(file.games.map((g) => g.vendor))].filter((c) => !known.has(c));
    if (missing.length) {
      const rows = await tx.select({ code: vendors.code }).from(vendors).where(and(eq(vendors.merchantId, merchantId), inArray(vendors.code, missing)));
      const found = new Set(rows.map((r) => r.code));
      const unknown = missing.filter((c) => !found.has(c));
      if (unknown.length) throw new CatalogImportError(unknown.map((c) => `games: unknown vendor ${c}`));
    }
    for (let i = 0; i < file.vendors.length; i += CHUNK) {
      const rows = file.vendors.slice(i, i + CHUNK).map((v) => ({ merchantId, ...v }));
      const q = tx.insert(vendors).values(rows);
      await (opts.skipExisting
        ? q.onConflictDoNothing({ target: [vendors.merchantId, vendors.code] })
        : q.onConflictDoUpdate({
          target: [vendors.merchantId, vendors.code],
          set: {
            name: sql`excluded.name`, gameType: sql`excluded.game_type`, sort: sql`excluded.sort`,
            enabled: sql`excluded.enabled`, maintenance: sql`excluded.maintenance`, updatedAt: sql`now()`,
          },
        }));
    }
    for (let i = 0; i < file.games.length; i += CHUNK) {
      const rows = file.games.slice(i, i + CHUNK).map((g) => ({ merchantId, ...g }));
      const q = tx.insert(games).values(rows);
      await (opts.skipExisting
        ? q.onConflictDoNothing({ target: [games.merchantId, games.nodeId] })
        : q.onConflictDoUpdate({
          target: [games.merchantId, games.nodeId],
          set: {
            gameCode: sql`excluded.game_code`, name: sql`excluded.name`, gameType: sql`excluded.game_type`, vendor: sql`excluded.vendor`,
            isHot: sql`excluded.is_hot`, supportPlay: sql`excluded.support_play`, sort: sql`excluded.sort`, enabled: sql`excluded.enabled`,
            imageUrl: sql`excluded.image_url`, updatedAt: sql`now()`,
          },
        }));
    }
    return { vendors: file.vendors.length, games: file.games.length };
  });
}
