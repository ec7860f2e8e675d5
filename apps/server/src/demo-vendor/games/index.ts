/** The built-in demo vendor's game engines (wired to the API in ../engines.ts). */
import * as baccarat from './baccarat.ts';
import * as crash from './crash.ts';
import * as dice from './dice.ts';
import * as fish from './fish.ts';
import * as keno from './keno.ts';
import * as slot5 from './slot5.ts';

export { baccarat, crash, dice, fish, keno, slot5 };
export * from './fair.ts';
export type { Rng } from './rng.ts';
export { GameInputError, type GameMeta, type PlayResult } from './types.ts';
