/**
 * Date filters of the record pages: whole brand-local days as UTC instants [from, to). The error
 * codes are those of the wire (wallet.range.* for the wallet-style filters, cashier.range.invalid
 * for the cashier's).
 */
import { cashier, wallet } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandDayStart, DAY_MS } from './time.ts';

function dayStartUtc(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) throw new AppError('request_param_err', undefined, { fields: ['querystring.date'] });
  return t;
}

/**
 * A range of local days (brand gmtOffsetMinutes), both included, as UTC instants [from, to).
 * End before start is `wallet.range.invalid`; more than 30 days between them `wallet.range.too.long`.
 */
export function dayRange(brand: Brand, startDate: string, endDate: string): { from: Date; to: Date } {
  const s = dayStartUtc(startDate);
  const e = dayStartUtc(endDate);
  if (e < s) throw new AppError('wallet.range.invalid');
  if ((e - s) / DAY_MS > wallet.MAX_RANGE_DAYS) throw new AppError('wallet.range.too.long', { days: wallet.MAX_RANGE_DAYS });
  const shift = brand.config.gmtOffsetMinutes * 60_000;
  return { from: new Date(s - shift), to: new Date(e + DAY_MS - shift) };
}

function cashierDayStart(brand: Brand, day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) throw new AppError('cashier.range.invalid', { days: cashier.RECORDS_MAX_DAYS });
  return t - brand.config.gmtOffsetMinutes * 60_000;
}

/**
 * The instants [from, to) of a cashier record filter: whole brand-local days, at most 30 days
 * apart; no dates = the last 7 days (today included).
 */
export function recordRange(brand: Brand, startDate: string | undefined, endDate: string | undefined, now = new Date()) {
  const today = brandDayStart(brand, now).getTime();
  const to = endDate ? cashierDayStart(brand, endDate) + DAY_MS : today + DAY_MS;
  const from = startDate ? cashierDayStart(brand, startDate) : to - 7 * DAY_MS;
  if (from >= to || to - from > (cashier.RECORDS_MAX_DAYS + 1) * DAY_MS) {
    throw new AppError('cashier.range.invalid', { days: cashier.RECORDS_MAX_DAYS });
  }
  return { from: new Date(from), to: new Date(to) };
}
