/** Client-side checks of the redeem and convert forms (the server checks again). */
import { cashier, points as P } from '@lobby/contract';
import { intlLocale } from '@/lib/intl';

export type DeliveryError = 'receiver' | 'address' | 'mobile';

/** The first problem of each delivery field of an item redemption (§5: address and mobile required). */
export function deliveryErrors(d: { receiver: string; address: string; mobile: string }): Partial<Record<DeliveryError, true>> {
  const e: Partial<Record<DeliveryError, true>> = {};
  if (d.receiver.trim().length < 2) e.receiver = true;
  if (d.address.trim().length < 5) e.address = true;
  if (!P.MOBILE_PATTERN.test(d.mobile.trim())) e.mobile = true;
  return e;
}

export const pinError = (pin: string) => !cashier.PAYMENT_PASSWORD_PATTERN.test(pin);

/** Convert: a whole number of points between the brand minimum and the balance. */
export function convertError(input: string, min: number, balance: string): 'format' | 'min' | 'balance' | null {
  const s = input.trim();
  if (!/^\d{1,15}$/.test(s)) return 'format';
  const n = BigInt(s);
  if (n < BigInt(min)) return 'min';
  if (n > BigInt(balance)) return 'balance';
  return null;
}

/** Points × value per point (major units, 2 decimals) as the amount credited. */
export function convertAmount(input: string, convertValue: string): string | null {
  const s = input.trim();
  if (!/^\d{1,15}$/.test(s)) return null;
  const [w, f = ''] = convertValue.split('.');
  const minor = BigInt(s) * BigInt(`${w}${f.padEnd(2, '0').slice(0, 2)}`);
  const str = minor.toString().padStart(3, '0');
  return `${str.slice(0, -2)}.${str.slice(-2)}`;
}

/** A points figure in the page's language (its digits and grouping: 1,200 in ES, ۱٬۲۰۰ in FA). */
export const formatPoints = (n: string | number): string => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 0 }).format(Number(n));
