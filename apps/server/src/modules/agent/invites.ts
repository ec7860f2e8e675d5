/**
 * Register centre (issue 8): an agent's invite links and downline accounts it creates directly.
 * Links and accounts are always the caller's own: every call starts with requireAgent and
 * every link query is scoped to (brand, caller). A link's code is 16 random characters of a
 * 32-letter alphabet (80 bits), so codes cannot be guessed; registering with one is in
 * member/register.ts (findInvite, claimInvite).
 */
import { and, desc, eq, isNull, or, gt, sql } from 'drizzle-orm';
import { LIMITS, agentRegister } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { agentInvites } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type MemberRow, type Principal } from '../../plugins/session.ts';
import { checkField, type InviteUse, newReferralCode, randomCode } from '../member/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sessionQueries as sq } from '../session/index.ts';
import { subAgentType } from './service.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

const CODE_LENGTH = 16;
const MAX_ID = 2n ** 63n - 1n;

type InviteRow = typeof agentInvites.$inferSelect;

/** The member type an account of `kind` gets: agent = the brand's sub-agent type (2 when it has one, else its first agent type). */
export function typeOf(brand: Brand, kind: agentRegister.AccountType): number {
  return kind === 'member' ? 0 : subAgentType(brand);
}

export function statusOf(row: Pick<InviteRow, 'disabledAt' | 'expiresAt'>, now = new Date()): agentRegister.InviteStatus {
  if (row.disabledAt) return 'disabled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toInvite(row: InviteRow): agentRegister.Invite {
  return {
    id: String(row.id), code: row.code, accountType: row.accountType, expiry: row.expiry,
    expiresAt: row.expiresAt?.toISOString() ?? null, status: statusOf(row), remark: row.remark,
    registrations: row.registrations, campaign: row.campaign, subId: row.subId, createdAt: row.createdAt.toISOString(),
  };
}

/** When a new link of `expiry` ends (null = permanent); a custom time must lie ahead, at most a year. */
export function expiresAtOf(expiry: agentRegister.Expiry, custom: string | undefined, now = Date.now()): Date | null {
  if (expiry === 'permanent') return null;
  if (expiry !== 'custom') return new Date(now + agentRegister.EXPIRY_DAYS[expiry] * DAY_MS);
  const t = custom ? Date.parse(custom) : NaN;
  const max = agentRegister.CUSTOM_EXPIRY_MAX_DAYS;
  if (Number.isNaN(t) || t <= now || t > now + max * DAY_MS) throw new AppError('agent.invite.expiry.invalid', { max });
  return new Date(t);
}

const usable = () => and(isNull(agentInvites.disabledAt), or(isNull(agentInvites.expiresAt), gt(agentInvites.expiresAt, sql`now()`)));

async function activeCount(db: Db, agentId: bigint): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(agentInvites).where(and(eq(agentInvites.agentId, agentId), usable()));
  return r?.n ?? 0;
}

/** One of the caller's own links, else agent.invite.not.found (another agent's or brand's id answers the same). */
function own(brand: Brand, me: MemberRow, id: string) {
  const n = BigInt(id);
  if (n < 1n || n > MAX_ID) throw new AppError('agent.invite.not.found');
  return and(eq(agentInvites.id, n), eq(agentInvites.agentId, me.id), eq(agentInvites.merchantId, brand.id));
}

// ---- Calls -------------------------------------------------------------------------------

export async function listInvites(db: Db, brand: Brand, p: Principal) {
  const me = requireAgent(p).member;
  const rows = await db.select().from(agentInvites)
    .where(and(eq(agentInvites.agentId, me.id), eq(agentInvites.merchantId, brand.id)))
    .orderBy(desc(agentInvites.id)).limit(agentRegister.LIST_MAX);
  return { list: rows.map(toInvite), maxActive: agentRegister.MAX_ACTIVE_LINKS };
}

export async function createInvite(db: Db, brand: Brand, p: Principal, body: agentRegister.InviteCreateBody) {
  const me = requireAgent(p).member;
  const expiresAt = expiresAtOf(body.expiry, body.expiresAt);
  const max = agentRegister.MAX_ACTIVE_LINKS;
  if ((await activeCount(db, me.id)) >= max) throw new AppError('agent.invite.limit', { max });
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.insert(agentInvites).values({
      merchantId: brand.id, agentId: me.id, code: randomCode(CODE_LENGTH), accountType: body.accountType,
      expiry: body.expiry, expiresAt, remark: body.remark ?? '', campaign: body.campaign ?? '', subId: body.subId ?? '',
    }).onConflictDoNothing().returning();
    if (row) return toInvite(row);
  }
  throw new AppError('unknown.error');
}

export async function setInviteDisabled(db: Db, brand: Brand, p: Principal, body: { id: string; disabled: boolean }) {
  const me = requireAgent(p).member;
  const where = own(brand, me, body.id);
  if (!body.disabled) {
    const max = agentRegister.MAX_ACTIVE_LINKS;
    const [cur] = await db.select({ disabledAt: agentInvites.disabledAt }).from(agentInvites).where(where);
    if (cur?.disabledAt && (await activeCount(db, me.id)) >= max) throw new AppError('agent.invite.limit', { max });
  }
  const [row] = await db.update(agentInvites)
    .set({ disabledAt: body.disabled ? sql`coalesce(${agentInvites.disabledAt}, now())` : null })
    .where(where).returning();
  if (!row) throw new AppError('agent.invite.not.found');
  return toInvite(row);
}

export async function deleteInvite(db: Db, brand: Brand, p: Principal, body: { id: string }) {
  const me = requireAgent(p).member;
  const [row] = await db.delete(agentInvites).where(own(brand, me, body.id)).returning({ id: agentInvites.id });
  if (!row) throw new AppError('agent.invite.not.found');
  return { id: String(row.id) };
}

/**
 * A direct downline account made by the agent: the username follows the registration rule,
 * the password is the default 123456 (hashed like every password) and must be changed at the
 * first login. Its language is the agent's until it picks one.
 */
export async function createDownline(db: Db, brand: Brand, p: Principal, body: { username: string; accountType: agentRegister.AccountType }) {
  const me = requireAgent(p).member;
  const username = checkField(brand, 'username', body.username, { force: true })!;
  if (await sq.memberByUsername(db, brand.id, username)) throw new AppError('register.username.exists');
  const type = typeOf(brand, body.accountType);
  const passwordHash = await hashPassword(LIMITS.defaultWeakPassword);
  for (let attempt = 0; attempt < 3; attempt++) {
    const m = await sq.insertMember(db, {
      merchantId: brand.id, username, usernameKey: username.toLowerCase(), passwordHash, mustChangePassword: true,
      type, nickname: username, language: me.language, referralCode: newReferralCode(), parentId: me.id,
      profile: { createdBy: me.username },
    });
    if (m) return { memberId: String(m.id), account: m.username, type: m.type, isAgent: brand.config.agentTypes.includes(m.type), mustChangePassword: true as const };
    if (await sq.memberByUsername(db, brand.id, username)) throw new AppError('register.username.exists');
  }
  throw new AppError('unknown.error');
}

// ---- Registration through a link ---------------------------------------------------------

/**
 * The link a registration code names, with the agent it registers under and the type it
 * gives; null when no link has this code (the caller tries member referral codes). An
 * expired or disabled link, or one whose agent is no longer an active agent, is refused.
 */
export async function findInvite(db: Db, brand: Brand, code: string): Promise<InviteUse | null> {
  const c = code.trim().toUpperCase();
  if (c.length !== CODE_LENGTH) return null;
  const [row] = await db.select().from(agentInvites).where(and(eq(agentInvites.code, c), eq(agentInvites.merchantId, brand.id))).limit(1);
  if (!row) return null;
  const status = statusOf(row);
  if (status === 'disabled') throw new AppError('agent.invite.disabled');
  if (status === 'expired') throw new AppError('agent.invite.expired');
  const parent = await sq.memberById(db, brand.id, row.agentId);
  if (!parent || parent.status !== 'active' || !brand.config.agentTypes.includes(parent.type)) {
    throw new AppError('invitation_code_error');
  }
  return { inviteId: row.id, parent, type: typeOf(brand, row.accountType) };
}

/**
 * Counts a registration on the link inside the registering transaction; a link disabled,
 * deleted or expired since findInvite refuses it (and so rolls the new account back).
 */
export async function claimInvite(tx: Db, inviteId: bigint): Promise<void> {
  const [row] = await tx.update(agentInvites).set({ registrations: sql`${agentInvites.registrations} + 1` })
    .where(and(eq(agentInvites.id, inviteId), usable())).returning({ id: agentInvites.id });
  if (row) return;
  const [cur] = await tx.select().from(agentInvites).where(eq(agentInvites.id, inviteId));
  throw new AppError(!cur ? 'invitation_code_error' : statusOf(cur) === 'expired' ? 'agent.invite.expired' : 'agent.invite.disabled');
}
