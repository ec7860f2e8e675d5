/**
 * Number and date conventions of the interface language (§1, issue 23): Intl of the language's
 * BCP 47 tag, with two product choices. ES and EN keep the brands' money format (1,234.56: the
 * demo brand is Mexican, es-MX), and EN keeps ISO dates (2025-03-09); every calendar is the
 * Gregorian one (date fields and the brand's periods are), so TH and FA show 2026, not 2569 or 1405.
 * ES, PT-BR and VI read dd/mm/yyyy; FA and AR use their own digits and separators as Intl has them.
 */
import { LANGUAGES, type LanguageCode } from '@lobby/contract';
import { getLanguage } from './storage';

/** The Intl locale of a language code: ES is es-MX (1,234.56 and dd/mm/yyyy), else the contract's tag. */
export function intlLocale(code: string = getLanguage()): string {
  const up = code.toUpperCase();
  if (up === 'ES') return 'es-MX';
  if (up === 'EN') return 'en-US';
  return LANGUAGES[up as LanguageCode]?.locale ?? 'en-US';
}

export interface NumberStyle {
  thousands: string;
  decimal: string;
  /** The ten digits 0-9 of the locale ("0123456789" for Latin). */
  digits: string;
}

const LATIN: NumberStyle = { thousands: ',', decimal: '.', digits: '0123456789' };
const styles = new Map<string, NumberStyle>();

/** Separators and digits of a language (cached). */
export function numberStyle(code: string = getLanguage()): NumberStyle {
  const locale = intlLocale(code);
  let s = styles.get(locale);
  if (!s) {
    try {
      const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 });
      const parts = nf.formatToParts(12345.6);
      const digits = new Intl.NumberFormat(locale, { useGrouping: false }).format(1234567890);
      s = {
        thousands: parts.find((p) => p.type === 'group')?.value ?? ',',
        decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
        digits: digits.length === 10 ? digits.slice(9) + digits.slice(0, 9) : LATIN.digits,
      };
    } catch {
      s = LATIN;
    }
    styles.set(locale, s);
  }
  return s;
}

/** Latin digits of a formatted string in the language's own digits. */
export function localDigits(text: string, style: NumberStyle = numberStyle()): string {
  if (style.digits === LATIN.digits) return text;
  return text.replace(/[0-9]/g, (d) => style.digits[d.charCodeAt(0) - 48]);
}

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, kind: 'date' | 'time'): Intl.DateTimeFormat {
  const id = `${locale}:${kind}`;
  let f = dateFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, kind === 'date'
      ? { timeZone: 'UTC', calendar: 'gregory', year: 'numeric', month: '2-digit', day: '2-digit' }
      : { timeZone: 'UTC', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    dateFormats.set(id, f);
  }
  return f;
}

/**
 * A date (kind 'date') or clock time ('time') whose UTC fields are the brand-local ones, in the
 * language's order and digits; null for EN (the caller keeps ISO). Bidi marks are dropped: the
 * caller shows it in an isolated left-to-right run.
 */
export function localDate(shifted: Date, kind: 'date' | 'time', code: string = getLanguage()): string | null {
  if (code.toUpperCase() === 'EN') return null;
  try {
    return dateFormat(intlLocale(code), kind).format(shifted).replace(BIDI_MARKS, '');
  } catch {
    return null;
  }
}
