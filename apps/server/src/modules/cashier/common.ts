import { randomInt } from 'node:crypto';
import { cashier } from '@lobby/contract';

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
