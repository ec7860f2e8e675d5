/**
 * Who sees which announcement (§4): the one rule, pure so it is tested as a matrix.
 * execution null = everyone; A logged in; B visitors; F a member's first login (with A).
 */
import type { announcements as contract } from '@lobby/contract';
import type { announcements } from '../../db/schema.ts';
import { langOf, type ContentLang } from '../../kernel/lang/index.ts';

export type Row = typeof announcements.$inferSelect;

export interface Viewer {
  loggedIn: boolean;
  /** The session is the member's first one (never true for visitors). */
  firstLogin: boolean;
  isAgent: boolean;
  /** Content language: ES, EN or another translated language (its fallback EN). */
  lang: ContentLang;
}

export function audienceMatches(execution: contract.Execution | null, v: Viewer): boolean {
  if (execution === null) return true;
  if (!v.loggedIn) return execution === 'B';
  return execution === 'A' || (execution === 'F' && v.firstLogin);
}

export function inWindow(r: Pick<Row, 'startsAt' | 'endsAt'>, now: number): boolean {
  return (!r.startsAt || r.startsAt.getTime() <= now) && (!r.endsAt || now < r.endsAt.getTime());
}

/** Whether `v` is served row `r` at `now` (published only; agent announcements only to agents). */
export function visibleTo(r: Row, v: Viewer, now: number): boolean {
  return r.enabled
    && (r.language === null || r.language === v.lang || r.language === langOf(v.lang))
    && audienceMatches(r.execution, v)
    && inWindow(r, now)
    && (r.type !== 'H' || (v.loggedIn && v.isAgent));
}

/**
 * For a language beyond ES and EN (PT-BR, CN, …): its own items replace the English ones of the
 * same slot (type and banner group); a slot with none in that language keeps its English items.
 */
export function ownLanguageFirst(rows: Row[], lang: ContentLang): Row[] {
  const fallback = langOf(lang);
  if (fallback === lang) return rows;
  const slot = (r: Row) => `${r.type}|${r.groupName ?? ''}`;
  const own = new Set(rows.filter((r) => r.language === lang).map(slot));
  return rows.filter((r) => r.language !== fallback || !own.has(slot(r)));
}

/** Display order: sort, then newest first. */
export const byOrder = (a: Row, b: Row) => a.sort - b.sort || (b.startsAt ?? b.createdAt).getTime() - (a.startsAt ?? a.createdAt).getTime() || Number(b.id - a.id);
