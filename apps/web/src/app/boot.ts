/**
 * The home's first data the server inlines into the page (`#boot-data`, written by
 * apps/server/src/plugins/boot-page.ts): status, game menus, visitor announcements, hot games,
 * HOME's preview rows, the visitor's promotions and the help centre of the page's brand in its
 * default language. Seeding the queries with it
 * lets the first render show the home without waiting for the API. It is used once, and only
 * when the page's brand is the stored one and the language matches (else the queries fetch).
 */
import type { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@lobby/contract';
import { systemKeys } from '@/lib/system';
import { gameKeys } from '@/features/games';
import { announcementKeys } from '@/lib/announcements';
import { promotionKeys } from '@/features/promotions';
import { getLanguage, getMerchant, getToken, setMerchant } from '@/lib/storage';

interface BootData {
  merchant: string;
  language: string;
  status: { info?: { brand?: { merchantCode?: string } } };
  menus?: unknown;
  announcements?: unknown;
  hot?: unknown;
  rows: Array<{ gameType: string; vassalage: string; value: unknown }>;
  promotions?: unknown;
  help?: unknown;
}

function readBoot(): BootData | null {
  const el = typeof document === 'undefined' ? null : document.getElementById('boot-data');
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '') as BootData;
  } catch {
    return null;
  }
}

export function seedBootData(qc: QueryClient): void {
  const boot = readBoot();
  if (!boot?.status) return;
  const stored = getMerchant();
  if (stored && stored !== boot.merchant) return;
  // What the status query does with its answer: later calls name the brand (§4).
  const code = boot.status.info?.brand?.merchantCode;
  if (code) setMerchant(code);
  qc.setQueryData(systemKeys.status(), boot.status);
  const language = getLanguage();
  if (language !== boot.language) return;
  if (boot.menus !== undefined) qc.setQueryData(gameKeys.menus(language), boot.menus);
  if (boot.hot !== undefined) qc.setQueryData(gameKeys.hot(language), boot.hot);
  for (const r of boot.rows) {
    qc.setQueryData(gameKeys.list({ gameType: r.gameType, vassalage: r.vassalage, pageNo: 1, pageSize: LIMITS.categoryPageSize, language }), r.value);
  }
  if (boot.help !== undefined) qc.setQueryData(systemKeys.help(language), boot.help);
  // The visitor's announcements and promotions (a logged-in member's differ).
  if (getToken()) return;
  if (boot.announcements !== undefined) qc.setQueryData(announcementKeys.list(language, null), boot.announcements);
  if (boot.promotions !== undefined) qc.setQueryData(promotionKeys.list(language, false, 'all'), boot.promotions);
}
