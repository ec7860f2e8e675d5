import { describe, expect, it } from 'vitest';
import { initI18n, i18n } from '@/lib/i18n';
import { ageOn, checkRule, fillRange, mobileDigits, ruleMessage, validate } from './rules';

const rule = (acceptedPattern: string, minLength: number, maxLength: number, patternId: string) => ({ acceptedPattern, minLength, maxLength, patternId });
const t = (k: string) => i18n.t(k);

describe('field rules (§5): the same code for every field', () => {
  initI18n('EN');

  it('required, length bounds and pattern, in that order', () => {
    const username = rule('^[A-Za-z][A-Za-z0-9]*$', 6, 16, 'letter_start_alnum');
    expect(checkRule(username, '', true)).toBe('required');
    expect(checkRule(username, '   ', true)).toBe('required');
    expect(checkRule(username, '', false)).toBeNull();
    expect(checkRule(username, 'abc', true)).toBe('length');
    expect(checkRule(username, 'a'.repeat(17), true)).toBe('length');
    expect(checkRule(username, '1abcdef', true)).toBe('pattern');
    expect(checkRule(username, 'abc_def', true)).toBe('pattern');
    expect(checkRule(username, 'player01', true)).toBeNull();
    expect(checkRule(username, '  player01  ', true)).toBeNull(); // trimmed
  });

  it('a lone * accepts any value within the length bounds', () => {
    const any = rule('*', 2, 4, 'length');
    expect(checkRule(any, '!@ ', true)).toBeNull();
    expect(checkRule(any, 'x', true)).toBe('length');
    expect(checkRule(any, 'xxxxx', true)).toBe('length');
  });

  it('maxLength 0 means no upper bound; a broken brand pattern never blocks', () => {
    expect(checkRule(rule('*', 1, 0, 'length'), 'x'.repeat(500), true)).toBeNull();
    expect(checkRule(rule('([', 1, 10, 'length'), 'abc', true)).toBeNull();
  });

  it('messages come from patternId with (min)/(max) filled in', () => {
    const pw = rule('^(?=.*[A-Za-z])(?=.*[0-9]).+$', 6, 20, 'letters_digits');
    expect(validate(t, pw, 'abcdefg', true)).toBe('6-20 characters, with both letters and digits');
    expect(validate(t, pw, 'abc', true)).toBe('6-20 characters, with both letters and digits');
    expect(validate(t, pw, '', true)).toBe('Input cannot be empty');
    expect(validate(t, rule('^[0-9]+$', 6, 15, 'digits_only'), '55-12', true)).toBe('6-15 digits, numbers only');
    expect(validate(t, rule('^[A-Za-z ]+$', 2, 40, 'english_spaces'), 'José', true)).toBe('2-40 characters: English letters and spaces only');
    expect(validate(t, rule('^\\S+@\\S+\\.\\S{2,}$', 5, 64, 'mailbox'), 'a@b', true)).toBe('Please enter a valid mailbox format');
    expect(validate(t, rule('^\\d{4}-\\d{2}-\\d{2}$', 10, 10, 'date_ymd'), '01-02-2000', true)).toBe('Date format yyyy-MM-dd');
    expect(validate(t, rule('[A-Z]', 8, 12, 'uppercase'), 'lowercase1', true)).toBe('8-12 characters, with at least one uppercase letter');
    expect(validate(t, rule('^\\S+$', 1, 9, 'no_spaces'), 'a b', true)).toBe('1-9 characters, no spaces');
    expect(validate(t, rule('^[A-Za-z0-9]+$', 4, 16, 'alphanumeric'), 'ab-cd', true)).toBe('4-16 characters: letters and digits only');
  });

  it('one number when min equals max; unknown patternIds use the length message', () => {
    expect(validate(t, rule('^[0-9]+$', 6, 6, 'digits_only'), '123', true)).toBe('6 digits, numbers only');
    expect(fillRange('(min)-(max) x', 4, 4)).toBe('4 x');
    expect(fillRange('between (min) and (max)', 4, 4)).toBe('between 4');
    expect(fillRange('(min)-(max) x', 4, 8)).toBe('4-8 x');
    expect(ruleMessage(t, { patternId: 'martian', minLength: 3, maxLength: 9 }, 'pattern')).toBe('Length must be 3-9 characters');
  });

  it('Spanish messages too', () => {
    initI18n('ES');
    expect(validate(t, rule('^[A-Za-z][A-Za-z0-9]*$', 6, 16, 'letter_start_alnum'), '1x', true)).toBe(
      '6-16 caracteres: empiece con una letra, luego letras o dígitos',
    );
    expect(validate(t, undefined, '', true)).toBe('El campo no puede estar vacío');
    initI18n('EN');
  });

  it('mobile numbers are checked on their digits', () => {
    expect(mobileDigits('+52 (55) 1234-5678')).toBe('525512345678');
  });

  it('age from a yyyy-MM-dd birthday', () => {
    const today = new Date(Date.UTC(2025, 5, 15));
    expect(ageOn('2007-06-15', today)).toBe(18);
    expect(ageOn('2007-06-16', today)).toBe(17);
    expect(ageOn('2007-02-30', today)).toBeNull();
    expect(ageOn('15-06-2007', today)).toBeNull();
  });
});
