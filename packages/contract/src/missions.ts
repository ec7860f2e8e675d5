import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Missions and the leaderboard (§2 member centre `missionLeaderboard` and its unread badge,
 * §7 "mission summary and leaderboard", issue 7 item 4).
 *
 * A mission counts the member's real activity in its period, cut at the brand's midnight (GMT
 * offset): `daily` (the brand day), `weekly` (Monday to Monday) or `milestone` (all time).
 * Kinds: `validBet` (sum of the valid bet of settled bets placed in the period), `betCount`
 * (settled bets), `games` (different games played), `deposits` (confirmed deposits) and
 * `depositAmount` (their sum). Reaching the target makes the reward claimable once per period:
 * it is credited to the main wallet through the ledger (posting kind `mission_reward`); a retry
 * or a concurrent claim answers the first claim. The badge is `claimableCount`.
 * Failures: `mission.not.found` (404), `mission.not.complete` (409), request_param_err.
 */

export const MISSION_KINDS = ['validBet', 'betCount', 'games', 'deposits', 'depositAmount'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ['daily', 'weekly', 'milestone'] as const;
/** Kinds measured in money (major-unit strings); the others are counts. */
export const MONEY_KINDS: ReadonlySet<MissionKind> = new Set(['validBet', 'depositAmount']);

export const mission = z.object({
  id: z.string(),
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  title: z.string(),
  /** Money kinds: major units ("100.00"); counts: an integer ("3"). */
  target: z.string(),
  progress: z.string(),
  /** 0–100, rounded down (100 only when the target is reached). */
  percent: z.number().int().min(0).max(100),
  reward: z.string(),
  status: z.enum(['progress', 'claimable', 'claimed']),
  periodKey: z.string(),
  /** When the period ends (ISO); null for milestones. */
  endsAt: z.string().nullable(),
});
export type Mission = z.infer<typeof mission>;

const language = z.string().max(8).optional();

export const getSummary = endpoint({
  method: 'GET', path: '/wps/relay/MISSIONFE_getSummary', module: MODULES.missions, auth: 'member',
  summary: 'The member missions of the current day, week and the milestones, with progress, and how many can be claimed now (the badge).',
  query: z.object({ language }),
  response: z.object({ list: z.array(mission), claimableCount: z.number().int() }),
});

export const claimMission = endpoint({
  method: 'POST', path: '/wps/relay/MISSIONFE_claim', module: MODULES.missions, auth: 'member',
  summary: 'Claim a completed mission of the current period into the main wallet. A retry answers the first claim.',
  body: z.object({ missionId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
  response: mission,
});

export const LEADERBOARD_PERIODS = ['daily', 'weekly'] as const;
export const LEADERBOARD_SIZE = 20;

export const leaderboardEntry = z.object({
  rank: z.number().int(),
  /** The username masked ("pl***r1"). */
  name: z.string(),
  validBet: z.string(),
  /** This row is the caller. */
  me: z.boolean(),
});

export const getLeaderboard = endpoint({
  method: 'GET', path: '/wps/relay/MISSIONFE_getLeaderboard', module: MODULES.missions, auth: 'member',
  summary: 'Top members by valid bet of the brand day or week (usernames masked) and the caller rank.',
  query: z.object({ period: z.enum(LEADERBOARD_PERIODS).default('daily') }),
  response: z.object({
    period: z.enum(LEADERBOARD_PERIODS),
    periodKey: z.string(),
    endsAt: z.string(),
    list: z.array(leaderboardEntry),
    /** The caller: rank null when no valid bet in the period. */
    mine: z.object({ rank: z.number().int().nullable(), validBet: z.string() }),
  }),
});
