import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { memberProfile, type agent } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { markReset } from '../member-security/index.ts';
import { type Caller, checkSendLimits, createCode, deliver, deps, maskRecipient, revokeAllSessions } from '../session/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';
import * as q from './queries.ts';
import { withSpans } from './spans.ts';
import { teamWindow } from './windows.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

const { MONEY_OUT_RULES } = memberProfile;

const NICKNAME_MAX = 32;
const MAX_ID = 2n ** 63n - 1n;

// ---- Authorisation: the one place that decides what an agent may see or change -------------
// Every call starts with requireAgent (trial: in_need_true_account; not an agent:
// login.non.agent), directly or through downlineOf.

/**
 * A member of the caller's own subtree (any depth; `direct` = depth 1 only). Anything else
 * (another agent's member, another brand's, an unknown id, the caller itself) is
 * `wallet.downline.invalid`, the same answer whichever it is, so ids cannot be probed.
 */
export async function downlineOf(db: Db, brand: Brand, p: Principal, memberId: string, opts: { direct?: boolean } = {}): Promise<{ id: bigint; depth: number }> {
  const me = requireAgent(p).member;
  const id = BigInt(memberId);
  const depth = id > 0n && id <= MAX_ID ? await q.depthBelow(db, brand.id, me.id, id) : null;
  if (depth === null) throw new AppError('wallet.downline.invalid');
  if (opts.direct && depth !== 1) throw new AppError('agent.direct.only');
  return { id, depth };
}

// ---- Views -------------------------------------------------------------------------------

const idleCutoff = (brand: Brand) => new Date(Date.now() - brand.config.security.idleTimeoutMinutes * 60_000);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toDownline(brand: Brand, r: q.DownlineRow): agent.Downline {
  return {
    memberId: r.id, account: r.username, nickname: r.nickname, type: r.type, isAgent: brand.config.agentTypes.includes(r.type),
    level: r.depth, parentAccount: r.parent ?? '', balance: formatAmount(r.balance), teamSize: r.team_size,
    online: r.online, registeredAt: iso(r.created_at)!, lastLoginAt: iso(r.last_login_at),
  };
}

export async function downlineView(db: Db, brand: Brand, p: Principal, id: bigint): Promise<agent.Downline> {
  const row = await q.downlineOf(db, p.member.id, id, idleCutoff(brand));
  if (!row) throw new AppError('wallet.downline.invalid');
  return toDownline(brand, row);
}

/** The days of [start, end] as yyyy-MM-dd. */
function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

// ---- Calls -------------------------------------------------------------------------------

export async function teamOverview(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string }): Promise<agent.OverviewValue> {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  const oneDay = query.startDate === query.endDate;
  const [now, online, rows, distinct] = await Promise.all([
    q.teamNow(db, me.id),
    q.onlineCount(db, brand.id, me.id, idleCutoff(brand)),
    q.teamDays(db, me.id, query.startDate, query.endDate),
    // one day: the day row's count is the distinct count
    oneDay ? Promise.resolve(null) : q.activeMembers(db, me.id, query.startDate, query.endDate),
  ]);
  const active = distinct ?? rows[0]?.active ?? 0;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const sum = (k: 'bet' | 'valid_bet' | 'win' | 'profit' | 'deposits' | 'withdrawals') => rows.reduce((a, r) => a + BigInt(r[k]), 0n);
  const count = (k: 'registrations' | 'first_deposits' | 'first_bets') => rows.reduce((a, r) => a + r[k], 0);
  return {
    startDate: query.startDate, endDate: query.endDate, gmtOffsetMinutes: brand.config.gmtOffsetMinutes,
    teamMembers: now.team, directMembers: now.direct, teamBalance: formatAmount(now.balance), asOf: now.asOf?.toISOString() ?? null, onlineUsers: online,
    registrations: count('registrations'), firstDeposits: count('first_deposits'), firstBets: count('first_bets'), activeMembers: active,
    betAmount: formatAmount(sum('bet')), validBet: formatAmount(sum('valid_bet')), win: formatAmount(sum('win')),
    profit: formatAmount(sum('profit')), deposits: formatAmount(sum('deposits')), withdrawals: formatAmount(sum('withdrawals')),
    days: daysOf(query.startDate, query.endDate).map((day) => {
      const r = byDay.get(day);
      return {
        day, registrations: r?.registrations ?? 0, firstDeposits: r?.first_deposits ?? 0, firstBets: r?.first_bets ?? 0,
        activeMembers: r?.active ?? 0, bettors: r?.bettors ?? 0, betAmount: formatAmount(r?.bet ?? 0), validBet: formatAmount(r?.valid_bet ?? 0),
        win: formatAmount(r?.win ?? 0), profit: formatAmount(r?.profit ?? 0), deposits: formatAmount(r?.deposits ?? 0), withdrawals: formatAmount(r?.withdrawals ?? 0),
      };
    }),
  };
}

type ListQuery = { scope: 'direct' | 'all'; account?: string; type?: 'agent' | 'member'; registeredFrom?: string; registeredTo?: string; pageNo: number; pageSize: number };

export async function downlineList(db: Db, brand: Brand, p: Principal, query: ListQuery) {
  const me = requireAgent(p).member;
  const types = brand.config.agentTypes;
  // one brand day each (a day that does not exist is request_param_err); the range itself is not capped
  const from = query.registeredFrom ? dayRange(brand, query.registeredFrom, query.registeredFrom).from : undefined;
  const to = query.registeredTo ? dayRange(brand, query.registeredTo, query.registeredTo).to : undefined;
  if (from && to && to <= from) throw new AppError('wallet.range.invalid');
  const { rows, total } = await q.downlines(db, brand.id, me.id, {
    scope: query.scope, account: query.account || undefined,
    ...(query.type === 'agent' ? { agentTypes: types.length ? types : [-1] } : {}),
    ...(query.type === 'member' && types.length ? { notAgentTypes: types } : {}),
    from, to, limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize,
  }, idleCutoff(brand));
  return { list: rows.map((r) => toDownline(brand, r)), pageNo: query.pageNo, totalPages: Math.ceil(total / query.pageSize), total };
}

/** The type a member gets when made an agent: the brand's sub-agent type 2 when it has one, else its first agent type. */
/** The member type a new sub-agent gets: the brand's sub-agent type 2 when it has it, else its first agent type. */
export const subAgentType = (brand: Brand) => (brand.config.agentTypes.includes(2) ? 2 : brand.config.agentTypes[0]!);

export async function setAgent(db: Db, brand: Brand, p: Principal, body: { memberId: string }) {
  const { id } = await downlineOf(db, brand, p, body.memberId, { direct: true });
  const [m] = await db.select({ type: members.type }).from(members).where(eq(members.id, id));
  if (brand.config.agentTypes.includes(m!.type)) throw new AppError('agent.already.agent');
  if (m!.type === brand.config.trialType) throw new AppError('wallet.downline.invalid');
  await db.update(members).set({ type: subAgentType(brand) }).where(and(eq(members.id, id), eq(members.type, m!.type)));
  return downlineView(db, brand, p, id);
}

export async function editNickname(db: Db, brand: Brand, p: Principal, body: { memberId: string; nickname: string }) {
  const { id } = await downlineOf(db, brand, p, body.memberId);
  const nickname = body.nickname.trim();
  if (!nickname || [...nickname].length > NICKNAME_MAX) throw new AppError('agent.nickname.invalid', { max: NICKNAME_MAX });
  await db.update(members).set({ nickname }).where(eq(members.id, id));
  return downlineView(db, brand, p, id);
}

/** A random temporary password: letters and digits (every brand's password rule accepts it at login). */
function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]).join('');
  return `${pick(letters, 6)}${pick(digits, 4)}`;
}

/** The message of an agent's reset, in the member's language (ES, else EN). */
function resetText(brand: Brand, lang: string, username: string, link: string, code: string, minutes: number) {
  return lang === 'ES'
    ? {
      subject: `${brand.config.name}: restablecer contraseña`,
      body: `${brand.config.name}: su agente pidió restablecer la contraseña de ${username}. Abra ${link} o use el código ${code} en "Tengo un código" del inicio de sesión. Caduca en ${minutes} minutos. Si no lo pidió, ignore este mensaje: su contraseña no cambia.`,
    }
    : {
      subject: `${brand.config.name}: reset your password`,
      body: `${brand.config.name}: your agent asked to reset the password of ${username}. Open ${link} or use the code ${code} under "I have a code" at login. It expires in ${minutes} minutes. If you did not ask for this, ignore this message: your password stays the same.`,
    };
}

/**
 * An agent resets a team member's password (issue 18 item 2). With a bound mobile (first) or
 * e-mail, a one-time link and code go there and nothing else changes until the member uses them:
 * the agent never learns a password. With neither, a random temporary password replaces the
 * member's (shown to the agent once), must be changed at the next login, the member's sessions
 * end, and money out is blocked until the member binds a contact of its own (member-security).
 */
export async function resetPassword(c: Caller, p: Principal, body: { memberId: string }) {
  const { db, counters } = deps(c.app);
  const brand = c.brand;
  const { id } = await downlineOf(db, brand, p, body.memberId);
  const [m] = await db.select().from(members).where(eq(members.id, id));
  if (!m || m.type === brand.config.trialType) throw new AppError('wallet.downline.invalid');
  const channel = m.mobile ? 'sms' as const : m.email ? 'email' as const : null;
  if (channel) {
    const to = channel === 'sms' ? m.mobile! : m.email!.trim();
    const minutes = MONEY_OUT_RULES.resetLinkMinutes;
    await checkSendLimits(counters, brand.id, to, c.ip);
    const { code, linkToken } = await createCode(db, brand.id, { purpose: 'reset', channel, recipient: to, memberId: m.id, withLink: true, ttlMinutes: minutes });
    const text = resetText(brand, m.language, m.username, `https://${brand.config.mainDomain}/?resetPassword=${linkToken}`, code, minutes);
    await deliver(c.app, brand, { channel, to, ...(channel === 'email' ? { subject: text.subject } : {}), body: text.body });
    return { memberId: String(id), delivery: channel, to: maskRecipient(to), expiresInMinutes: minutes, temporaryPassword: null, mustChangePassword: false };
  }
  const temporary = temporaryPassword();
  const passwordHash = await hashPassword(temporary);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash, mustChangePassword: true, passwordChangedAt: new Date() }).where(eq(members.id, id));
    await revokeAllSessions(tx, id);
    await markReset(tx, brand, id, 'agent', { contactRequired: true });
  });
  return { memberId: String(id), delivery: 'temporary' as const, to: null, expiresInMinutes: null, temporaryPassword: temporary, mustChangePassword: true };
}

type BettingQuery = { startDate: string; endDate: string; account?: string; pageNo: number; pageSize: number };

export async function teamBetting(db: Db, brand: Brand, p: Principal, query: BettingQuery) {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  const offset = (query.pageNo - 1) * query.pageSize;
  const { rows, totals } = await withSpans(db, me.id, async (moved) => {
    // a big team without moves over a window's range: its range rollup (windows.ts)
    const w = moved || query.account ? null : await teamWindow(db, brand.id, me.id, query.startDate, query.endDate);
    return w
      ? q.teamBettingWindow(db, brand.id, me.id, w, query.startDate, query.pageSize, offset)
      : q.teamBetting(db, brand.id, me.id, query.startDate, query.endDate, query.account || undefined, query.pageSize, offset, moved);
  });
  return {
    list: rows.map((r) => ({
      memberId: r.id, account: r.username, directAgent: r.parent ?? '', bets: r.bets,
      betAmount: formatAmount(r.bet), validBet: formatAmount(r.valid_bet), win: formatAmount(r.win), profit: formatAmount(r.profit),
    })),
    pageNo: query.pageNo, totalPages: Math.ceil(totals.members / query.pageSize), total: totals.members,
    footer: { bets: totals.bets, betAmount: formatAmount(totals.bet), validBet: formatAmount(totals.valid_bet), win: formatAmount(totals.win), profit: formatAmount(totals.profit) },
  };
}
