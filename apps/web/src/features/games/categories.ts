/** Game categories of the contract (GAME_TYPES) with their route and icon. */
import { GAME_TYPES, type GameType } from '@lobby/contract';
import type { IconName } from '@/components/icons';

export interface Category {
  type: GameType;
  path: string;
  icon: IconName;
}

const PATHS: Record<GameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  PVP: '/pvp',
  LOTT: '/lott',
  ELOTT: '/elott',
  // No route of its own in §2: the home page shows the COCKFIGHT section as a tab.
  COCKFIGHT: '/?tab=COCKFIGHT',
};

const ICONS: Record<GameType, IconName> = {
  RNG: 'slot',
  LIVE: 'cards',
  FISH: 'fish',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  PVP: 'sword',
  LOTT: 'balls',
  ELOTT: 'ticket',
  COCKFIGHT: 'flame',
};

export const CATEGORIES: Category[] = GAME_TYPES.map((type) => ({ type, path: PATHS[type], icon: ICONS[type] }));

/** A category's icon by its code ('grid' for anything else, e.g. a tab code the menu does not know). */
export function categoryIcon(type: string): IconName {
  return CATEGORIES.find((c) => c.type === type)?.icon ?? 'grid';
}
