/**
 * Import of a catalog file from the console: the rows of the seed import (modules/games/import.ts),
 * every row checked first (row errors with index, field and code; one bad row refuses the file),
 * then the changed rows upserted in one transaction, with counts of added, updated and unchanged.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { operatorGames as contract } from '@lobby/contract';
import { games, vendors } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { catalogGame, catalogVendor } from './import.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import { catalogChanged } from './console-catalog.ts';

type VendorIn = z.output<typeof catalogVendor>;
type GameIn = z.output<typeof catalogGame>;
type RowError = contract.RowError;
type Section = RowError['section'];

const MAX_VENDORS = 500;
const MAX_GAMES = 50_000;
const CHUNK = 1000;
const GAME_CHUNK = 10_000;
/** How many changed rows the audit row lists by name. */
const AUDIT_LIST = 200;

interface Issue { code: string; path: PropertyKey[]; origin?: string; keys?: string[]; message: string }

/** The value at `path` of the row as sent (zod does not report it). */
function at(raw: unknown, path: PropertyKey[]): unknown {
  let v = raw;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function codeOf(i: Issue, raw: unknown): contract.RowErrorCode {
  switch (i.code) {
    case 'invalid_type': return at(raw, i.path) === undefined ? 'required' : 'type';
    case 'too_big': return i.origin === 'string' ? 'too_long' : 'out_of_range';
    case 'too_small': return i.origin === 'string' ? 'too_short' : 'out_of_range';
    case 'invalid_format': return 'format';
    case 'invalid_value': return 'not_allowed';
    case 'unrecognized_keys': return 'unknown_field';
    case 'custom':
      if (i.message === 'reserved') return 'reserved';
      if (/prefix/.test(i.message)) return 'vendor_category';
      return 'invalid';
    default: return 'invalid';
  }
}

function rowIssues(section: Section, row: number, raw: unknown, issues: readonly Issue[], out: RowError[]) {
  for (const i of issues) {
    const field = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys' && i.keys?.length) {
      for (const k of i.keys) out.push({ section, row, field: field ? `${field}.${k}` : k, errorCode: 'unknown_field' });
    } else out.push({ section, row, field, errorCode: codeOf(i, raw) });
  }
}

interface Checked { vendors: VendorIn[]; games: GameIn[] }

/** Every row of the file checked; the rows when all are good, else the errors. */
function check(file: unknown, knownVendors: Set<string>): { ok: Checked } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const fileErr = (field: string, errorCode: contract.RowErrorCode) => errors.push({ section: 'file', row: null, field, errorCode });
  if (!file || typeof file !== 'object' || Array.isArray(file)) return { errors: [{ section: 'file', row: null, field: '', errorCode: 'type' }] };
  const f = file as Record<string, unknown>;
  for (const k of Object.keys(f)) if (k !== 'vendors' && k !== 'games') fileErr(k, 'unknown_field');
  const list = (k: 'vendors' | 'games', max: number): unknown[] => {
    const v = f[k] ?? [];
    if (!Array.isArray(v)) return (fileErr(k, 'type'), []);
    if (v.length > max) return (fileErr(k, 'too_many'), []);
    return v;
  };
  const vs = list('vendors', MAX_VENDORS);
  const gs = list('games', MAX_GAMES);
  if (!vs.length && !gs.length && !errors.length) fileErr('games', 'required');

  const ok: Checked = { vendors: [], games: [] };
  const codes = new Map<string, VendorIn>();
  vs.forEach((raw, row) => {
    const p = catalogVendor.safeParse(raw);
    if (!p.success) return rowIssues('vendors', row, raw, p.error.issues as Issue[], errors);
    if (codes.has(p.data.code)) return errors.push({ section: 'vendors', row, field: 'code', errorCode: 'duplicate' });
    codes.set(p.data.code, p.data);
    ok.vendors.push(p.data);
  });
  const nodes = new Set<string>();
  const rawCodes = new Set(vs.map((v) => (v && typeof v === 'object' ? (v as { code?: unknown }).code : undefined)).filter((c): c is string => typeof c === 'string'));
  gs.forEach((raw, row) => {
    const p = catalogGame.safeParse(raw);
    if (!p.success) return rowIssues('games', row, raw, p.error.issues as Issue[], errors);
    const g = p.data;
    if (nodes.has(g.nodeId)) return errors.push({ section: 'games', row, field: 'nodeId', errorCode: 'duplicate' });
    nodes.add(g.nodeId);
    if (!g.vendor.startsWith(`${g.gameType}-`)) return errors.push({ section: 'games', row, field: 'vendor', errorCode: 'vendor_category' });
    // a vendor row that is itself refused is reported there, not once more per game
    if (!codes.has(g.vendor) && !rawCodes.has(g.vendor) && !knownVendors.has(g.vendor)) {
      return errors.push({ section: 'games', row, field: 'vendor', errorCode: 'vendor_unknown' });
    }
    ok.games.push(g);
  });
  return errors.length ? { errors } : { ok };
}

const VENDOR_FIELDS = ['name', 'gameType', 'sort', 'enabled', 'maintenance'] as const;
const GAME_FIELDS = ['gameCode', 'gameType', 'vendor', 'isHot', 'supportPlay', 'sort', 'enabled'] as const;

const same = <T extends Record<string, unknown>>(a: T, b: Record<string, unknown>, fields: readonly (keyof T & string)[]) => fields.every((k) => a[k] === b[k]);

export async function importCatalogFile(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { file: unknown; fileName?: string }) {
  const db = app.db;
  const [dbVendors, dbGames] = await Promise.all([
    db.select().from(vendors).where(eq(vendors.merchantId, brand.id)),
    db.select({
      nodeId: games.nodeId, gameCode: games.gameCode, name: games.name, gameType: games.gameType, vendor: games.vendor,
      isHot: games.isHot, supportPlay: games.supportPlay, sort: games.sort, enabled: games.enabled,
    }).from(games).where(eq(games.merchantId, brand.id)),
  ]);
  const checked = check(body.file, new Set(dbVendors.map((v) => v.code)));
  if ('errors' in checked) {
    throw new AppError('operator.games.import.invalid', undefined, { errors: checked.errors.slice(0, contract.IMPORT_ERRORS_MAX), total: checked.errors.length } satisfies contract.ImportErrors);
  }
  const { vendors: vIn, games: gIn } = checked.ok;
  const oldV = new Map(dbVendors.map((v) => [v.code, v]));
  const oldG = new Map(dbGames.map((g) => [g.nodeId, g]));
  const vAdd = vIn.filter((v) => !oldV.has(v.code));
  const vUpd = vIn.filter((v) => oldV.has(v.code) && !same(v, oldV.get(v.code)!, VENDOR_FIELDS));
  const gAdd = gIn.filter((g) => !oldG.has(g.nodeId));
  const gUpd = gIn.filter((g) => {
    const o = oldG.get(g.nodeId);
    return o && !(same(g, o, GAME_FIELDS) && g.name.ES === o.name.ES && g.name.EN === o.name.EN);
  });
  const result: z.input<typeof contract.importCatalog.response> = {
    vendors: { added: vAdd.length, updated: vUpd.length, unchanged: vIn.length - vAdd.length - vUpd.length },
    games: { added: gAdd.length, updated: gUpd.length, unchanged: gIn.length - gAdd.length - gUpd.length },
  };
  const vWrite = [...vAdd, ...vUpd];
  const gWrite = [...gAdd, ...gUpd];
  await db.transaction(async (tx) => {
    for (let i = 0; i < vWrite.length; i += CHUNK) {
      await tx.insert(vendors).values(vWrite.slice(i, i + CHUNK).map((v) => ({ merchantId: brand.id, ...v })))
        .onConflictDoUpdate({
          target: [vendors.merchantId, vendors.code],
          set: { name: sql`excluded.name`, gameType: sql`excluded.game_type`, sort: sql`excluded.sort`, enabled: sql`excluded.enabled`, maintenance: sql`excluded.maintenance`, updatedAt: sql`now()` },
        });
    }
    // one statement per chunk with the rows as one JSON parameter: 5,000 games in well under a second
    for (let i = 0; i < gWrite.length; i += GAME_CHUNK) {
      const rows = JSON.stringify(gWrite.slice(i, i + GAME_CHUNK));
      await tx.execute(sql`
        insert into games (merchant_id, node_id, game_code, name, game_type, vendor, is_hot, support_play, sort, enabled)
        select ${brand.id}, x."nodeId", x."gameCode", x.name, x."gameType", x.vendor, x."isHot", x."supportPlay", x.sort, x.enabled
        from jsonb_to_recordset(${rows}::jsonb) as x("nodeId" text, "gameCode" text, name jsonb, "gameType" text, vendor text, "isHot" boolean, "supportPlay" integer, sort integer, enabled boolean)
        on conflict (merchant_id, node_id) do update set game_code = excluded.game_code, name = excluded.name, game_type = excluded.game_type,
          vendor = excluded.vendor, is_hot = excluded.is_hot, support_play = excluded.support_play, sort = excluded.sort, enabled = excluded.enabled, updated_at = now()`);
    }
    await record(tx, actor, brand, ip, {
      action: 'games.import', target: body.fileName ?? 'catalog.json',
      before: {
        vendors: vUpd.slice(0, AUDIT_LIST).map((v) => oldV.get(v.code)).map((v) => v && Object.fromEntries([['code', v.code], ...VENDOR_FIELDS.map((k) => [k, v[k]])])),
        games: gUpd.slice(0, AUDIT_LIST).map((g) => oldG.get(g.nodeId)),
      },
      after: {
        counts: result,
        vendors: vWrite.slice(0, AUDIT_LIST),
        games: gWrite.slice(0, AUDIT_LIST),
        more: Math.max(0, vWrite.length - AUDIT_LIST) + Math.max(0, gWrite.length - AUDIT_LIST),
      },
    });
  });
  if (vWrite.length || gWrite.length) await catalogChanged(app, brand);
  return result;
}
