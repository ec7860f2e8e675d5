/** The built-in demo vendor's game engines (wired to the API in ../engines.ts). */
import * as baccarat from '@lobby/contract/fairness/games/baccarat';
import * as crash from '@lobby/contract/fairness/games/crash';
import * as dice from '@lobby/contract/fairness/games/dice';
import * as fish from '@lobby/contract/fairness/games/fish';
import * as keno from '@lobby/contract/fairness/games/keno';
import * as slot5 from '@lobby/contract/fairness/games/slot5';

export { baccarat, crash, dice, fish, keno, slot5 };
export * from './fair.ts';
export type { Rng } from '@lobby/contract/fairness/games/rng';
export { GameInputError, type GameMeta, type PlayResult } from '@lobby/contract/fairness/games/types';
