/**
 * The brand's support hours ("Mon-Fri 12:00-21:00", brand settings) in the reader's language:
 * the English weekday abbreviations become the language's own (lun-vie on Spanish pages; issue 23
 * item 7). Anything else in the text is shown as the operator wrote it.
 */
import { languageTag, useLanguage } from '@/lib/i18n';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Short weekday names (Sunday first) by BCP 47 tag, of every interface language (vite.config.ts). */
declare const __WEEKDAY_NAMES__: Record<string, string[]>;

const formats = new Map<string, Intl.DateTimeFormat | null>();

/** The short name of weekday `day` (0 = Sunday) in `locale`: from the build's table, else from Intl. */
function weekdayName(locale: string, day: number): string | null {
  const known = __WEEKDAY_NAMES__[locale];
  if (known) return known[day]!;
  if (!formats.has(locale)) {
    try {
      formats.set(locale, new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }));
    } catch {
      formats.set(locale, null);
    }
  }
  // 1 January 2023 was a Sunday.
  return formats.get(locale)?.format(new Date(Date.UTC(2023, 0, 1 + day))) ?? null;
}

/** `text` with each English weekday abbreviation written in `locale` (a BCP 47 tag). */
export function localSupportHours(text: string, locale: string): string {
  return text.replace(/\b(Sun|Mon|Tue|Wed|Thu|Fri|Sat)\b/g, (d) => weekdayName(locale, DAYS.indexOf(d))?.replace(/\.$/, '') ?? d);
}

export function SupportHours({ text }: { text: string }) {
  const { language } = useLanguage();
  return <span dir="ltr">{localSupportHours(text, languageTag(language))}</span>;
}
