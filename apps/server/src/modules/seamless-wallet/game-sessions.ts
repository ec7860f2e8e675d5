/**
 * Launch tokens (issue 20 item 3). Launching a game opens a game session bound to the member,
 * brand, vendor, game and currency, with an expiry; the vendor receives the token in the launch
 * URL and must send it with every bet. Wins and rollbacks of accepted bets need none. The token
 * also dies with the lobby session that launched it: logging out revokes that session, and a lock,
 * cool-off or self-exclusion revokes all of the member's sessions, so its game tokens end too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { gameSessions } from '../../db/seamless-wallet-schema.ts';

/** How long a launch token accepts bets. */
const GAME_SESSION_TTL_MS = 4 * 3_600_000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OpenGameSession {
  merchantId: number;
  memberId: bigint;
  /** The lobby session that launches (its end ends the token). */
  sessionId?: bigint | null;
  vendorCode: string;
  /** The game's nodeId in the brand catalog. */
  nodeId: string;
  gameCode: string;
  currency: string;
  ttlMs?: number;
}

/** Opens a game session: the token (43 base64url characters, given once) and when it expires. */
export async function openGameSession(db: Db | Tx, o: OpenGameSession): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (o.ttlMs ?? GAME_SESSION_TTL_MS));
  await db.insert(gameSessions).values({
    merchantId: o.merchantId, memberId: o.memberId, sessionId: o.sessionId ?? null, vendor: o.vendorCode, game: o.nodeId,
    gameCode: o.gameCode, currency: o.currency, tokenHash: tokenHash(token), expiresAt,
  });
  return { token, expiresAt };
}

/** Ends every live game session of a member (answers how many). */
export async function endGameSessions(db: Db | Tx, merchantId: number, memberId: bigint): Promise<number> {
  const rows = await db.update(gameSessions).set({ endedAt: new Date() })
    .where(and(eq(gameSessions.merchantId, merchantId), eq(gameSessions.memberId, memberId), isNull(gameSessions.endedAt)))
    .returning({ id: gameSessions.id });
  return rows.length;
}

/*
 * A bet's token is checked by seamless_bet itself (kernel/ledger/sql/seamless.sql), in the bet's
 * statement: `vendor.token.invalid` when unknown, another brand's, member's or vendor's;
 * `vendor.token.expired` when past its expiry, ended, or its lobby session ended.
 */
