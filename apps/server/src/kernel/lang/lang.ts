/**
 * Request language. Two meanings, two names:
 * - `langOf`: the language of content kept in ES and EN (VIP labels, rewards, promotions,
 *   missions, lottery names): Spanish for ES (and unknown codes), English for every other language.
 * - `textLangOf`: the contract's text language (`textLanguage`, also `req.lang`): Spanish for ES,
 *   English for every other language, the query's (or body's) `language` before the header's.
 */
import { isLanguageCode, isTranslated, textLanguage } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';

export type Lang = 'ES' | 'EN';

/**
 * ES/EN content language of a code: English for an English code and for every other language of
 * the contract (PT-BR, CN, AR, …: content kept in ES and EN reads in the fallback language, as
 * the interface does), Spanish for ES and anything unknown (the default).
 */
export function langOf(code: unknown): Lang {
  if (typeof code !== 'string') return 'ES';
  const up = code.trim().toUpperCase();
  return up.startsWith('EN') || (isLanguageCode(up) && up !== 'ES') ? 'EN' : 'ES';
}

/** `langOf` of a call: its query's `language` when given, else its `language` header. */
export function requestLangOf(req: Pick<FastifyRequest, 'headers'>, query: { language?: string } = {}): Lang {
  const header = req.headers.language;
  return langOf(query.language ?? (typeof header === 'string' ? header : undefined));
}

/** Text language of a call: the query's (or body's) `language` when given, else the header's (`req.lang`). */
export const textLangOf = (q: { language?: string }, header: Lang): Lang => (q.language ? textLanguage(q.language) : header);

/**
 * The languages demo and operator content may be kept in (the contract's TRANSLATED_LANGUAGES).
 * Content is a map `{ ES, EN, 'PT-BR'?, CN?, … }`; the console writes ES and EN, the demo seed all.
 */
export type ContentLang = 'ES' | 'EN' | 'PT-BR' | 'CN' | 'AR' | 'VI' | 'TH' | 'FA';
export type ContentTexts = Partial<Record<ContentLang, string>>;

/** Content language of a code: a translated language as is (PT-BR, CN, …), else `langOf` (ES or EN). */
export function contentLangOf(code: unknown): ContentLang {
  if (typeof code === 'string' && isTranslated(code.trim())) return code.trim().toUpperCase() as ContentLang;
  return langOf(code);
}

/** `contentLangOf` of a call: its query's `language` when given, else its `language` header. */
export function requestContentLangOf(req: Pick<FastifyRequest, 'headers'>, query: { language?: string } = {}): ContentLang {
  const header = req.headers.language;
  return contentLangOf(query.language ?? (typeof header === 'string' ? header : undefined));
}

/**
 * The text of `t` in `lang`: its own language, else the ES/EN fallback of that language (English
 * for PT-BR, CN, …), else whichever of ES and EN it has. Empty strings count as missing.
 */
export function textIn(t: ContentTexts | null | undefined, lang: ContentLang): string {
  if (!t) return '';
  const fallback = langOf(lang);
  return t[lang] || t[fallback] || t.ES || t.EN || '';
}
