/** Provably fair code shared by the server and the browser's verifier (`@lobby/contract/fairness`). */
// the engines themselves: `@lobby/contract/fairness/games/<name>`; the verifier page shows these three's tables
export * as crashChain from './games/crash-chain.ts';
export * as fish from './games/fish.ts';
export * as keno from './games/keno.ts';
export * as slot5 from './games/slot5.ts';
export { GameInputError } from './games/types.ts';
export { hmacSha256, sha256Hex, toHex } from './sha256.ts';
export { FairStream } from './stream.ts';
export { lotteryDigits, lotteryResult, type LotteryResult } from './lottery.ts';
export { verifyRound, VERIFY_GAMES, type VerifyGame, type VerifyInput, type VerifyAnswer } from './verify.ts';
