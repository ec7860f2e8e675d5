/** Helpers for the operator console tests. Not loaded by the server. */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { operator } from '@lobby/contract';
import { expect } from 'vitest';
import { operatorAudit, operators, operatorSessions } from '../../db/schema.ts';
import { hashToken } from '../../plugins/session.ts';
import type { TestApp } from '../harness.ts';

export interface Op { id: bigint; username: string; password: string; secret: string; token: string }

let seq = 0;
export const PASSWORD = 'Console-Test-2026!';
const HASH = (async () => (await import('../../lib/passwords.ts')).hashPassword(PASSWORD))();

/** An enrolled operator with a live session (inserted directly: no TOTP step is spent). */
export async function newOp(t: TestApp, role: operator.Role, brands: string[] | null = null, o: { enrolled?: boolean; session?: boolean } = {}): Promise<Op> {
  const username = `op${role}${Date.now().toString(36)}${++seq}`;
  const secret = new Secret({ size: 20 }).base32;
  const enrolled = o.enrolled ?? true;
  const [row] = await t.database.db.insert(operators).values({ username, usernameKey: username, passwordHash: await HASH, role, brands,
    totpSecret: enrolled ? secret : null, totpEnrolledAt: enrolled ? new Date() : null }).returning();
  const token = randomBytes(32).toString('base64url');
  if (o.session ?? true) {
    await t.database.db.insert(operatorSessions).values({ tokenHash: hashToken(token), operatorId: row.id, expiresAt: new Date(Date.now() + 3_600_000) });
  }
  return { id: row.id, username, password: PASSWORD, secret, token };
}

export const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

export function opCall(t: TestApp, op: Op | null, method: 'GET' | 'POST', url: string, payload?: object, merchant = 'demo') {
  return t.call({ method, url, merchant, headers: op ? { 'x-operator-session': op.token } : {}, ...(payload ? { payload } : {}) });
}

/** The audit rows of an action (and target, when given), oldest first. */
export const auditRows = async (t: TestApp, action: string, target?: string) =>
  (await t.database.db.select().from(operatorAudit)).filter((r) => r.action === action && (target === undefined || r.target === target));

/** Expects a 200 and answers the envelope's value. */
export async function ok(r: Promise<{ statusCode: number; body: string; json: () => { value: unknown } }>) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown> & { id: string };
}

/** A short name no other test of the run uses. */
export const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
