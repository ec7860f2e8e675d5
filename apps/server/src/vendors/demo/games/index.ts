/** The built-in demo vendor's game engines, by game code (for the catalog and the wiring). */
import * as baccarat from './baccarat.ts';
import * as crash from './crash.ts';
import * as dice from './dice.ts';
import * as fish from './fish.ts';
import * as keno from './keno.ts';
import * as slot5 from './slot5.ts';
import type { GameMeta } from './types.ts';

export { baccarat, crash, dice, fish, keno, slot5 };
export * from './fair.ts';
export type { Rng } from './rng.ts';
export { GameInputError, type GameMeta, type GameType, type PlayResult } from './types.ts';

export const DEMO_GAMES: readonly GameMeta[] = [slot5.meta, baccarat.meta, fish.meta, dice.meta, crash.meta, keno.meta];
