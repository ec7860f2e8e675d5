/** Provably fair code shared by the server and the browser's verifier (`@lobby/contract/fairness`). */
import * as baccarat from './games/baccarat.ts';
import * as crash from './games/crash.ts';
import * as dice from './games/dice.ts';
import * as fish from './games/fish.ts';
import * as keno from './games/keno.ts';
import * as slot5 from './games/slot5.ts';

export { baccarat, crash, dice, fish, keno, slot5 };
export { RngBase, FastRng, type Rng } from './games/rng.ts';
export { GameInputError, checkBet, type GameMeta, type PlayResult } from './games/types.ts';
export { hmacSha256, sha256Hex, toHex } from './sha256.ts';
export { FairStream, hashSeed, type Hmac } from './stream.ts';
export { lotteryDigits, lotteryResult, type LotteryResult } from './lottery.ts';
export { verifyRound, VERIFY_GAMES, type VerifyGame, type VerifyInput, type VerifyAnswer } from './verify.ts';
