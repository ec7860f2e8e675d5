/** Rules of the lobby without React: request spacing, the category menu, vendor links. */
import { games, LIMITS } from '@lobby/contract';
import { CATEGORIES } from './categories';

type MenuCategory = games.MenuCategory;

/**
 * Spaces calls at least `gapMs` apart (start to start): each caller waits for its slot.
 * `requestGap(300)` returns `gate`; `await gate()` before each request.
 */
export function requestGap(gapMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return function gate(): Promise<void> {
    const slot = Math.max(now(), last + gapMs);
    last = slot;
    const wait = slot - now();
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
  };
}

/** The header and home tabs list a category only if it has vendors, in the server's order. */
export function menuCategories(menus: MenuCategory[] | undefined): MenuCategory[] {
  return (menus ?? []).filter((m) => m.vendors.length > 0 && CATEGORIES.some((c) => c.type === m.gameType));
}

/** Above 10 vendors a category gets the large dropdown (§2). */
export function isLargeDropdown(m: MenuCategory): boolean {
  return m.vendors.length > games.LARGE_DROPDOWN_VENDORS;
}

/** Where a vendor of a category leads: its lane in the list or game centre. */
export function vendorHref(gameType: MenuCategory['gameType'], vassalage: string): string {
  const path = CATEGORIES.find((c) => c.type === gameType)?.path ?? '/';
  const url = new URL(path, 'http://x');
  url.searchParams.set('vassalage', vassalage);
  return url.pathname + url.search;
}

/** The winner board moves only with at least 12 entries (§9 limit move) and without reduced motion. */
export function winnerBoardMoves(count: number, reducedMotion: boolean): boolean {
  return count >= LIMITS.winnerLimitMove && !reducedMotion;
}
