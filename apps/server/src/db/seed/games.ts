import { inArray } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { merchants } from '../schema.ts';
import { demoCatalog, importCatalog } from '../../modules/games/index.ts';

/** The demo catalog for both demo brands; rows that already exist are left as operators set them. */
export async function seedGames(db: Db, codes = ['demo', 'luna']): Promise<void> {
  const rows = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  const file = demoCatalog();
  for (const r of rows) await importCatalog(db, r.id, file, { skipExisting: true });
}
