/**
 * Every language the product offers (contract TRANSLATED_LANGUAGES, which the console limits a
 * brand to) has every key ES has in the player site, the demo games and the agent centre (the
 * operator-* sections may stay ES and EN), in each plural form the language uses, with the same
 * {{placeholders}} and markup as ES. A new ES key without its translations fails here.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, TRANSLATED_LANGUAGES, type LanguageCode } from '@lobby/contract';
import { DEMO_VENDOR_ES } from '@/demo-vendor/i18n';

type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });

/** Sections of the player site and agent centre: '' = the main file (es.json). */
const sections = Object.keys(files)
  .map((p) => /^\.\/(?:(.+)\.)?es\.json$/.exec(p))
  .filter((m): m is RegExpExecArray => !!m)
  .map((m) => m[1] ?? '')
  .filter((s) => !s.startsWith('operator'));

function flat(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flat(v, key, out);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]).sort();
const markup = (s: string) => [...s.matchAll(/<\/?[\w-]+[^>]*>/g)].map((m) => m[0].replace(/\s.*>/, '>')).sort();

/** The plural forms a language needs (its CLDR categories; 'many' of ES/PT is for compact numbers only). */
function pluralForms(code: LanguageCode): string[] {
  const tag = LANGUAGES[code].locale;
  const cats = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];
  return /^(es|pt)/.test(tag) ? cats.filter((c) => c !== 'many') : cats;
}

/** Problems of one language's strings against ES: missing keys or forms, changed placeholders or markup. */
function problems(code: LanguageCode, es: Record<string, string>, target: Record<string, string> | null): string[] {
  if (!target) return ['file missing'];
  const out: string[] = [];
  const bases = new Map<string, string[]>();
  for (const [key, text] of Object.entries(es)) {
    const m = PLURAL.exec(key);
    if (m && `${key.slice(0, m.index)}_other` in es) {
      const base = key.slice(0, m.index);
      bases.set(base, [...(bases.get(base) ?? []), text]);
      continue;
    }
    const t = target[key];
    if (typeof t !== 'string' || (t.trim() === '' && text !== '')) out.push(`${key}: missing`);
    else {
      if (placeholders(t).join() !== placeholders(text).join()) out.push(`${key}: placeholders ${placeholders(t)} ≠ ${placeholders(text)}`);
      if (markup(t).join() !== markup(text).join()) out.push(`${key}: markup differs`);
    }
  }
  for (const [base, texts] of bases) {
    const allowed = new Set(texts.flatMap(placeholders));
    for (const form of pluralForms(code)) {
      const t = target[`${base}_${form}`];
      if (typeof t !== 'string' || t.trim() === '') out.push(`${base}_${form}: missing`);
      else if (placeholders(t).some((p) => !allowed.has(p))) out.push(`${base}_${form}: unknown placeholder`);
    }
  }
  return out;
}

const others = TRANSLATED_LANGUAGES.filter((c) => c !== 'ES' && c !== 'EN');

describe('every offered language is complete', () => {
  it('the product offers the demo brands\' languages (PT-BR, CN, AR; VI, TH, FA)', () => {
    expect(others).toEqual(expect.arrayContaining(['PT-BR', 'CN', 'AR', 'VI', 'TH', 'FA']));
    expect(sections.length).toBeGreaterThan(10);
  });

  it.each(others)('%s has every ES key of the player site and agent centre, with the same placeholders and markup', (code) => {
    const tag = LANGUAGES[code].locale;
    const report: string[] = [];
    for (const section of sections) {
      const es = flat(files[`./${section ? `${section}.` : ''}es.json`]);
      const file = files[`./${section ? `${section}.` : ''}${tag}.json`];
      for (const p of problems(code, es, file ? flat(file) : null)) report.push(`${section || 'main'}.${tag}.json ${p}`);
    }
    expect(report).toEqual([]);
  });

  it.each(others)('%s has every string of the demo games', (code) => {
    const tag = LANGUAGES[code].locale;
    const file = files[`./demo-vendor.${tag}.json`] as Record<string, string> | undefined;
    expect(problems(code, DEMO_VENDOR_ES, file ?? null).map((p) => `demo-vendor.${tag}.json ${p}`)).toEqual([]);
  });
});
