/**
 * The brand's KYC gates (kyc settings): the age gate before a deposit or real play, the
 * identity level for withdrawals above an amount, the address level once confirmed deposits
 * pass an amount, the contact level for withdrawals. Cashier and games call these through the
 * hooks they expose (cashier registerMoneyGate, games registerPlayGate); this module registers them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { kyc } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { depositOrders, members } from '../../db/schema.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { AppError } from '../../plugins/errors.ts';
import { ageOn } from './age.ts';
import { levelsOf, verifiedBirthDate } from './checks.ts';
import { ruleAmount, settingsOf } from './settings.ts';

export type MoneyAction = { kind: 'deposit' | 'withdraw'; amount: bigint };

async function confirmedDeposits(db: Db | Tx, merchantId: number, memberId: bigint): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text` }).from(depositOrders)
    .where(and(eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId), eq(depositOrders.status, 'confirmed')));
  return BigInt(row.total);
}

async function contactOf(db: Db | Tx, memberId: bigint) {
  const [m] = await db.select({ id: members.id, mobile: members.mobile, email: members.email }).from(members).where(eq(members.id, memberId));
  return m;
}

const refuse = (code: 'kyc.age.required' | 'kyc.age.under' | 'kyc.identity.required' | 'kyc.address.required' | 'kyc.contact.required', v: kyc.GateValue) =>
  new AppError(code, { ...(v.minAge !== undefined ? { age: v.minAge } : {}), ...(v.amount !== undefined ? { amount: v.amount } : {}) },
    { ...v, ...(v.minAge !== undefined ? { age: v.minAge } : {}) });

/** The age gate: a verified identity whose birth date makes the member the brand's minimum age. */
async function checkAge(db: Db | Tx, s: kyc.Settings, memberId: bigint, now: Date) {
  const birth = await verifiedBirthDate(db, memberId);
  if (!birth) throw refuse('kyc.age.required', { level: 'identity', rule: 'age', minAge: s.minAge });
  if (ageOn(birth, now) < s.minAge) throw refuse('kyc.age.under', { level: 'identity', rule: 'age', minAge: s.minAge });
}

/** What the brand's rules need of this member now (empty: nothing), in the order the member meets them. */
export async function requirementsOf(db: Db | Tx, brand: Brand, memberId: bigint, now = new Date()): Promise<kyc.GateValue[]> {
  const s = await settingsOf(db, brand.id);
  const { views } = await levelsOf(db, await contactOf(db, memberId), now);
  const ok = (l: kyc.Level) => views.find((v) => v.level === l)?.status === 'verified';
  const out: kyc.GateValue[] = [];
  if ((s.ageGate.deposit || s.ageGate.play) && !(await verifiedBirthDate(db, memberId))) out.push({ level: 'identity', rule: 'age', minAge: s.minAge });
  if (s.withdrawNeedsContact && !ok('contact')) out.push({ level: 'contact', rule: 'withdraw_contact' });
  if (s.withdrawIdentityAbove !== null && !ok('identity')) out.push({ level: 'identity', rule: 'withdraw_amount', amount: formatAmount(ruleAmount(s.withdrawIdentityAbove)!) });
  if (s.depositAddressAbove !== null && !ok('address')) out.push({ level: 'address', rule: 'deposit_total', amount: formatAmount(ruleAmount(s.depositAddressAbove)!) });
  return out;
}

/** Cashier's hook: throws the first gate a deposit or withdrawal does not pass. */
export async function moneyGate(db: Db | Tx, brand: Brand, memberId: bigint, action: MoneyAction, now = new Date()): Promise<void> {
  const s = await settingsOf(db, brand.id);
  const verified = async (l: kyc.Level) =>
    (await levelsOf(db, await contactOf(db, memberId), now)).views.find((v) => v.level === l)?.status === 'verified';
  if (action.kind === 'deposit') {
    if (s.ageGate.deposit) await checkAge(db, s, memberId, now);
    const above = ruleAmount(s.depositAddressAbove);
    if (above !== null && (await confirmedDeposits(db, brand.id, memberId)) + action.amount > above && !(await verified('address'))) {
      throw refuse('kyc.address.required', { level: 'address', rule: 'deposit_total', amount: formatAmount(above) });
    }
    return;
  }
  if (s.withdrawNeedsContact && !(await verified('contact'))) throw refuse('kyc.contact.required', { level: 'contact', rule: 'withdraw_contact' });
  const above = ruleAmount(s.withdrawIdentityAbove);
  if (above !== null && action.amount > above && !(await verified('identity'))) {
    throw refuse('kyc.identity.required', { level: 'identity', rule: 'withdraw_amount', amount: formatAmount(above) });
  }
}

/** Games' hook: real play needs the age when the brand's age gate covers play. */
export async function playGate(db: Db | Tx, brand: Brand, memberId: bigint, now = new Date()): Promise<void> {
  const s = await settingsOf(db, brand.id);
  if (s.ageGate.play) await checkAge(db, s, memberId, now);
}
