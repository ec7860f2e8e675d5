/**
 * Gives the demo brands their full help centre. Only a brand still holding the first short seed
 * (the same six terms, nothing edited by an operator) is upgraded; anything else is left alone.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { merchants } from '../../db/schema.ts';
import { helpArticles } from './articles.ts';

const FIRST_SEED_TERMS = 'about,deposit,withdraw,responsible,terms,privacy';
const FIRST_SEED_TERMS_EN = '<p>By registering you accept these terms: one account per person, true details and fair play.</p>';

export async function seedHelp(db: Db): Promise<void> {
  const rows = await db.select({ id: merchants.id, config: merchants.config }).from(merchants).where(inArray(merchants.code, ['demo', 'luna']));
  for (const row of rows) {
    const config = row.config;
    const help = config.helpCenter ?? [];
    const untouched = help.map((h) => h.term).join(',') === FIRST_SEED_TERMS && help.find((h) => h.term === 'terms')?.content.EN === FIRST_SEED_TERMS_EN;
    if (!untouched) continue;
    const next = { ...config, helpCenter: helpArticles(config.name, config.supportHours) };
    await db.update(merchants).set({ config: next }).where(eq(merchants.id, row.id));
  }
}
