/**
 * The brand's support hours ("Mon-Fri 12:00-21:00", brand settings) in the reader's language:
 * the English weekday abbreviations become the language's own (lun-vie on Spanish pages; issue 23
 * item 7). Anything else in the text is shown as the operator wrote it.
 */
import { languageTag, useLanguage } from '@/lib/i18n';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `text` with each English weekday abbreviation written in `locale` (a BCP 47 tag). */
export function localSupportHours(text: string, locale: string): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  } catch {
    return text;
  }
  // 1 January 2023 was a Sunday.
  return text.replace(/\b(Sun|Mon|Tue|Wed|Thu|Fri|Sat)\b/g, (d) => fmt.format(new Date(Date.UTC(2023, 0, 1 + DAYS.indexOf(d)))).replace(/\.$/, ''));
}

export function SupportHours({ text }: { text: string }) {
  const { language } = useLanguage();
  return <span dir="ltr">{localSupportHours(text, languageTag(language))}</span>;
}
