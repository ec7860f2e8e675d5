import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cashier } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';

const DAY_MS = 86_400_000;

/** Start (UTC instant) of the brand's local day that contains `at`. */
export function brandDayStart(brand: Brand, at: Date): Date {
  const off = brand.config.gmtOffsetMinutes * 60_000;
  return new Date(Math.floor((at.getTime() + off) / DAY_MS) * DAY_MS - off);
}

function dayStart(brand: Brand, day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) throw new AppError('cashier.range.invalid', { days: cashier.RECORDS_MAX_DAYS });
  return t - brand.config.gmtOffsetMinutes * 60_000;
}

/**
 * The instants [from, to) of a record filter: whole brand-local days, at most 30 days apart;
 * no dates = the last 7 days (today included).
 */
export function recordRange(brand: Brand, startDate: string | undefined, endDate: string | undefined, now = new Date()) {
  const today = brandDayStart(brand, now).getTime();
  const to = endDate ? dayStart(brand, endDate) + DAY_MS : today + DAY_MS;
  const from = startDate ? dayStart(brand, startDate) : to - 7 * DAY_MS;
  if (from >= to || to - from > (cashier.RECORDS_MAX_DAYS + 1) * DAY_MS) {
    throw new AppError('cashier.range.invalid', { days: cashier.RECORDS_MAX_DAYS });
  }
  return { from: new Date(from), to: new Date(to) };
}

export const PAGE_SIZE = cashier.RECORDS_PAGE_SIZE;

export function pageOf<T>(list: T[], total: number, page: number) {
  return { list, page, pageSize: PAGE_SIZE, total, totalPages: Math.ceil(total / PAGE_SIZE) };
}

/** Order and withdrawal numbers: prefix + UTC yyyyMMddHHmmss + 6 random digits. */
export function newRef(prefix: 'D' | 'W', now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Shows only the last 4 characters of an account number. */
export const maskAccountNo = (no: string) => (no.length <= 4 ? no : `${'*'.repeat(Math.min(no.length - 4, 12))}${no.slice(-4)}`);

interface WalletEvents { balanceChanged(brand: Brand, memberId: bigint): unknown }

/** Tells the realtime layer (if loaded) that a member's balance changed; never fails the caller. */
export function balanceChanged(app: FastifyInstance, brand: Brand, memberId: bigint): void {
  const events = (app as unknown as { walletEvents?: WalletEvents }).walletEvents;
  try {
    void Promise.resolve(events?.balanceChanged(brand, memberId)).catch((err: unknown) => app.log.warn({ err }, 'balance push failed'));
  } catch (err) {
    app.log.warn({ err }, 'balance push failed');
  }
}
