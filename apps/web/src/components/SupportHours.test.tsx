import { describe, expect, it } from 'vitest';
import { localSupportHours } from './SupportHours';

describe('support hours in the reader\'s language (issue 23 item 7)', () => {
  it('writes the weekdays in the language, keeps the times', () => {
    expect(localSupportHours('Mon-Fri 12:00-21:00', 'es-MX')).toBe('lun-vie 12:00-21:00');
    expect(localSupportHours('Mon-Fri 12:00-21:00', 'en')).toBe('Mon-Fri 12:00-21:00');
    expect(localSupportHours('Sat 10:00-14:00, Sun closed', 'pt-BR')).toMatch(/^sáb 10:00-14:00, dom closed$/);
    expect(localSupportHours('24/7', 'es')).toBe('24/7');
  });
});
