import { describe, expect, it } from 'vitest';
import { helpArticles } from '../../../modules/help/articles.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_POPUPS } from '../announcements.ts';
import { DEMO_MISSIONS } from '../missions.ts';
import { DEMO_REWARDS } from '../points.ts';
import { DEMO_PROMOTIONS } from '../promotions.ts';
import { CONTENT, OTHER_LANGS } from './index.ts';

const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[0]);
/** Words that read the same in a language (brand and product names). */
const SAME = new Set(['Smartphone']);

/** Every seeded text map: [where, { ES, EN, … }]. The seed localizes on insert, so rebuild what it writes. */
async function seeded(): Promise<[string, Record<string, string>][]> {
  const out: [string, Record<string, string>][] = [];
  const ann = [...DEMO_ANNOUNCEMENTS, ...DEMO_POPUPS];
  for (let i = 0; i < ann.length; i += 2 + OTHER_LANGS.length) {
    const rows = ann.slice(i, i + 2 + OTHER_LANGS.length);
    out.push([`announcement ${rows[1].title}`, Object.fromEntries(rows.map((r) => [r.language, r.title]))]);
    out.push([`announcement ${rows[1].title} content`, Object.fromEntries(rows.map((r) => [r.language, r.content ?? '']))]);
  }
  for (const a of helpArticles('Demo', '12:00-21:00')) out.push([`help ${a.term}`, a.title], [`help ${a.term} content`, a.content]);
  return out;
}

describe('demo content in every translated language', () => {
  it('each language table has the same ids as PT-BR, none empty', () => {
    const ids = Object.keys(CONTENT['PT-BR']).sort();
    for (const lang of OTHER_LANGS) {
      expect(Object.keys(CONTENT[lang]).sort(), lang).toEqual(ids);
      for (const [id, text] of Object.entries(CONTENT[lang])) expect(text.trim(), `${lang} ${id}`).not.toBe('');
    }
  });

  it('announcements and help articles: every language present, translated (not the English), same HTML tags, brand filled', async () => {
    for (const [where, t] of await seeded()) {
      for (const lang of OTHER_LANGS) {
        expect(t[lang], `${where} ${lang}`).toBeTypeOf('string');
        expect(tags(t[lang]), `${where} ${lang} tags`).toEqual(tags(t.EN));
        if (t.EN) expect(t[lang] === t.EN && !SAME.has(t.EN), `${where} ${lang} reads English`).toBe(false);
        expect(t[lang], `${where} ${lang}`).not.toContain('{brand}');
        if (t.EN.includes('Demo')) expect(t[lang], `${where} ${lang} names the brand`).toContain('Demo');
      }
    }
  });

  it('promotions, missions and rewards: one content id per ES/EN text, with the same HTML tags', () => {
    const pairs: [string, string][] = [];
    const key: Record<string, string> = { deposit: 'daily', newbie: 'newbie', live: 'live', rebate: 'rebate', appDownload: 'app', ranking: 'ranking', sports: 'sports' };
    for (const p of DEMO_PROMOTIONS) for (const f of ['title', 'summary', 'content'] as const) pairs.push([`promo.${key[p.category]}.${f}`, p[f]!.EN!]);
    for (const m of DEMO_MISSIONS) pairs.push([`mission.${m.sort}`, m.title.EN!]);
    for (const r of DEMO_REWARDS) pairs.push([`reward.${r.sort}.name`, r.name.EN!], [`reward.${r.sort}.description`, r.description!.EN!]);
    for (const [id, en] of pairs) {
      for (const lang of OTHER_LANGS) {
        const text = (CONTENT[lang] as Record<string, string>)[id];
        expect(text, `${lang} ${id}`).toBeTypeOf('string');
        expect(tags(text), `${lang} ${id} tags`).toEqual(tags(en));
        if (!SAME.has(en)) expect(text, `${lang} ${id}`).not.toBe(en);
      }
    }
  });
});
