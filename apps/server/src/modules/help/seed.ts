/**
 * Gives the demo brands their full help centre in every translated language. Only a brand still
 * holding the first short seed (the same six terms, nothing edited by an operator) or the full
 * centre in ES and EN only, untouched, is upgraded; anything else is left alone.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { merchants } from '../../db/schema.ts';
import { helpArticles, helpArticlesEsEn } from './articles.ts';

const FIRST_SEED_TERMS = 'about,deposit,withdraw,responsible,terms,privacy';
const FIRST_SEED_TERMS_EN = '<p>By registering you accept these terms: one account per person, true details and fair play.</p>';

type Article = ReturnType<typeof helpArticlesEsEn>[number];
/** An article as comparable text (jsonb reorders keys): its ES and EN only, so a translated one never matches. */
const esEn = (h: Article) => [h.term, h.title.ES, h.title.EN, h.content.ES, h.content.EN, Object.keys(h.title).length];

export async function seedHelp(db: Db): Promise<void> {
  const rows = await db.select({ id: merchants.id, config: merchants.config }).from(merchants).where(inArray(merchants.code, ['demo', 'luna']));
  for (const row of rows) {
    const config = row.config;
    const help = config.helpCenter ?? [];
    const firstSeed = help.map((h) => h.term).join(',') === FIRST_SEED_TERMS && help.find((h) => h.term === 'terms')?.content.EN === FIRST_SEED_TERMS_EN;
    const esEnOnly = JSON.stringify(help.map(esEn)) === JSON.stringify(helpArticlesEsEn(config.name, config.supportHours).map(esEn));
    if (!firstSeed && !esEnOnly) continue;
    const next = { ...config, helpCenter: helpArticles(config.name, config.supportHours) };
    await db.update(merchants).set({ config: next }).where(eq(merchants.id, row.id));
  }
}
