/**
 * Request language. Two meanings, two names:
 * - `langOf`: the language of content kept in ES and EN (VIP labels, rewards, promotions,
 *   missions, lottery names): Spanish for ES (and unknown codes), English for every other language.
 * - `textLangOf`: the contract's text language (`textLanguage`, also `req.lang`): Spanish for ES,
 *   English for every other language, the query's (or body's) `language` before the header's.
 */
import { isLanguageCode, textLanguage } from '@lobby/contract';
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
