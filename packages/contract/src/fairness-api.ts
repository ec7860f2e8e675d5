import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { VERIFY_GAMES } from './fairness/verify.ts';

/**
 * The public verifier's API (issue 21): the same function the /fairness page runs in the
 * browser (`@lobby/contract/fairness` verifyRound), for players and regulators who prefer a
 * call. No login. Bad input: fairness.input.invalid with the reason.
 */
const M = MODULES.games;

export const verifyBody = z.object({
  game: z.enum(VERIFY_GAMES),
  serverSeed: z.string().min(1).max(128),
  /** Instant games: the client seed; baccarat: the round's cut seed; lottery: the game code. */
  clientSeed: z.string().min(1).max(160),
  /** Instant games: the nonce; lottery: the numero. */
  nonce: z.union([z.number().int().min(0), z.string().min(1).max(40)]),
  params: z.object({
    target: z.union([z.string().max(40), z.number()]).optional(),
    direction: z.enum(['over', 'under']).optional(),
    picks: z.array(z.number().int()).max(10).optional(),
    kind: z.enum(['fast', 'vn']).optional(),
    region: z.enum(['north', 'central', 'south']).nullable().optional(),
    /** crash: the chain's published terminating hash (the answer's outcome.chainIndex: SHA-256 steps to reach it). */
    terminatingHash: z.string().regex(/^[0-9a-fA-F]{64}$/).optional(),
  }).optional(),
});

export const verify = endpoint({
  method: 'POST', path: '/lgw/fairness/verify', module: M, auth: 'none',
  summary: 'Provably fair verifier: replays a round (server seed, client seed, nonce, game parameters) or a seeded lottery draw.',
  body: verifyBody,
  response: z.object({
    serverSeedHash: z.string(),
    outcome: z.record(z.string(), z.unknown()),
    multiplier: z.number().nullable(),
  }),
});

export const fairnessEndpoints = { verify };
export type VerifyBody = z.infer<typeof verifyBody>;
