import { cashier } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { assertMoneyOut, requireProof } from '../member-security/index.ts';
import { checkPassword, hashPassword } from '../../lib/passwords.ts';
import * as q from './queries.ts';
import { accountView } from './views.ts';

/** Wrong withdrawal passwords in a row before a lock, and how long the lock lasts. */
export const PAYMENT_PASSWORD_LIMITS = { maxFailures: 5, lockMinutes: 15 } as const;

/** The stored hash: set in the security centre, or given at registration (profile). */
async function storedHash(db: Db, p: Principal) {
  const s = await q.secretsOf(db, p.member.id);
  return { secrets: s, hash: s?.paymentPasswordHash ?? p.member.profile.paymentPasswordHash ?? null };
}

export async function paymentPasswordState(db: Db, p: Principal, now = new Date()) {
  requireRealAccount(p);
  const { secrets, hash } = await storedHash(db, p);
  const locked = secrets?.paymentPasswordLockedUntil && secrets.paymentPasswordLockedUntil > now ? secrets.paymentPasswordLockedUntil : null;
  return { isSet: !!hash, lockedUntil: locked ? locked.toISOString() : null };
}

export async function setPaymentPassword(db: Db, p: Principal, body: { oldPassword?: string; newPassword: string; confirmPassword: string }) {
  requireRealAccount(p);
  if (!cashier.PAYMENT_PASSWORD_PATTERN.test(body.newPassword)) throw new AppError('cashier.payment.password.format');
  if (body.newPassword !== body.confirmPassword) throw new AppError('inconsistent_twice');
  const { hash } = await storedHash(db, p);
  // changing it needs the old one, under the same wrong-try lock as a withdrawal
  if (hash) await verifyPaymentPassword(db, p, body.oldPassword ?? '');
  // and, setting or changing, a proof from the bound mobile or e-mail (agents' powers over members)
  await requireProof(db, p);
  await q.savePaymentPassword(db, p.member.id, await hashPassword(body.newPassword), new Date());
  return { isSet: true as const };
}

/**
 * Checks the withdrawal password with a lock after 5 wrong tries in a row (15 minutes).
 * Not set: `cashier.payment.password.required`; wrong: `cashier.payment.password.invalid`
 * (value.attemptsLeft); locked: `cashier.payment.password.locked`. Other money calls that
 * need the password (transfer to upline, points) can use it too.
 */
export async function verifyPaymentPassword(db: Db, p: Principal, password: string, now = new Date()): Promise<void> {
  const { secrets, hash } = await storedHash(db, p);
  if (!hash) throw new AppError('cashier.payment.password.required');
  const { maxFailures, lockMinutes } = PAYMENT_PASSWORD_LIMITS;
  const until = secrets?.paymentPasswordLockedUntil;
  if (until && until > now) {
    throw new AppError('cashier.payment.password.locked', { minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) });
  }
  if (until) await q.resetPaymentPasswordFailures(db, p.member.id);
  if (await checkPassword(hash, password)) {
    if (secrets?.paymentPasswordFailures) await q.resetPaymentPasswordFailures(db, p.member.id);
    return;
  }
  const r = await q.paymentPasswordFailed(db, p.member.id, maxFailures, lockMinutes * 60_000, now);
  if (r.lockedUntil && r.lockedUntil > now) throw new AppError('cashier.payment.password.locked', { minutes: lockMinutes });
  throw new AppError('cashier.payment.password.invalid', undefined, { attemptsLeft: Math.max(maxFailures - r.failures, 0) });
}

// ---- withdraw accounts ---------------------------------------------------------------------------

const normName = (s: string) => s.trim().replace(/\s+/g, ' ');

/** The payee name withdrawals go to: bound with the first account, or given at registration. */
async function boundPayee(db: Db, p: Principal): Promise<string | null> {
  const s = await q.secretsOf(db, p.member.id);
  return s?.payeeName ?? (p.member.profile.payeeName ? normName(p.member.profile.payeeName) : null);
}

export async function listAccounts(db: Db, brand: Brand, p: Principal) {
  requireRealAccount(p);
  const rows = await q.accountsOf(db, brand.id, p.member.id);
  return { list: rows.map(accountView), payeeName: await boundPayee(db, p), max: cashier.WITHDRAW_ACCOUNT_LIMIT, kinds: brand.config.wallet.withdraw.kinds };
}

export async function bindAccount(db: Db, brand: Brand, p: Principal, body: { kind: 'bank' | 'ewallet'; bankName: string; accountNo: string; payeeName: string }) {
  requireRealAccount(p);
  const accountNo = body.kind === 'bank' ? body.accountNo.replace(/[\s-]/g, '') : body.accountNo.trim();
  if (!brand.config.wallet.withdraw.kinds.includes(body.kind) || !cashier.ACCOUNT_NO_PATTERNS[body.kind].test(accountNo)) {
    throw new AppError('cashier.account.invalid');
  }
  const name = normName(body.payeeName);
  // a payout account is money out: not during a hold or block, and only with a proof from the bound contact
  await assertMoneyOut(db, brand, p);
  await requireProof(db, p);
  return db.transaction(async (tx) => {
    await q.lockMember(tx, p.member.id);
    const existing = await q.accountsOf(tx, brand.id, p.member.id);
    if (existing.some((a) => a.kind === body.kind && a.accountNo === accountNo)) throw new AppError('cashier.account.exists');
    if (existing.length >= cashier.WITHDRAW_ACCOUNT_LIMIT) throw new AppError('cashier.account.limit', { max: cashier.WITHDRAW_ACCOUNT_LIMIT });
    const fromProfile = p.member.profile.payeeName ? normName(p.member.profile.payeeName) : null;
    const bound = await q.bindPayeeName(tx, p.member.id, fromProfile ?? name, new Date());
    if (bound.toLowerCase() !== name.toLowerCase()) throw new AppError('cashier.payee.mismatch');
    const row = await q.insertAccount(tx, { merchantId: brand.id, memberId: p.member.id, kind: body.kind, bankName: body.bankName.trim(), accountNo, payeeName: bound });
    if (!row) throw new AppError('cashier.account.exists');
    return accountView(row);
  });
}
