import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { localSupportHours } from './SupportHours';

describe('support hours in the reader\'s language (issue 23 item 7)', () => {
  it('writes the weekdays in the language, keeps the times', () => {
    expect(localSupportHours('Mon-Fri 12:00-21:00', 'es-MX')).toBe('lun-vie 12:00-21:00');
    expect(localSupportHours('Mon-Fri 12:00-21:00', 'en')).toBe('Mon-Fri 12:00-21:00');
    expect(localSupportHours('Sat 10:00-14:00, Sun closed', 'pt-BR')).toMatch(/^sáb 10:00-14:00, dom closed$/);
    expect(localSupportHours('24/7', 'es')).toBe('24/7');
  });

  it('writes every interface language\'s weekdays as the browser\'s Intl does (the build\'s table, then Intl)', () => {
    for (const { locale } of Object.values(LANGUAGES)) {
      const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
      const day = (d: number) => fmt.format(new Date(Date.UTC(2023, 0, 1 + d))).replace(/\.$/, '');
      expect(localSupportHours('Sun Mon-Sat 9:00', locale), locale).toBe(`${day(0)} ${day(1)}-${day(6)} 9:00`);
    }
    expect(localSupportHours('Mon-Fri', 'not a tag!')).toBe('Mon-Fri');
  });
});
