import { describe, expect, it } from 'vitest';
import { ERRORS, TRANSLATED_LANGUAGES } from '@lobby/contract';
import { ERROR_TEXTS, isConsoleOnlyError, localizedErrorMessage } from './index.ts';

const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('error messages in the translated languages', () => {
  it('every translated language beyond ES and EN has its table, all with the same codes', () => {
    const others = TRANSLATED_LANGUAGES.filter((c) => c !== 'ES' && c !== 'EN');
    expect(Object.keys(ERROR_TEXTS).sort()).toEqual([...others].sort());
    const codes = Object.keys(ERROR_TEXTS['PT-BR']).sort();
    expect(codes.length).toBeGreaterThan(150);
    for (const code of others) expect(Object.keys(ERROR_TEXTS[code]).sort(), code).toEqual(codes);
  });

  it('every error code a player or agent can read has a text in every language (console-only codes excepted)', () => {
    const missing = Object.keys(ERRORS).filter((c) => !isConsoleOnlyError(c))
      .flatMap((c) => Object.entries(ERROR_TEXTS).filter(([, t]) => !t[c]).map(([lang]) => `${lang} ${c}`));
    expect(missing, 'add the message to kernel/lang/error-texts/<lang>.ts, or list the code as console-only in index.ts').toEqual([]);
    for (const [lang, table] of Object.entries(ERROR_TEXTS)) {
      for (const c of Object.keys(table)) expect(isConsoleOnlyError(c), `${lang} ${c} is translated but listed as console-only`).toBe(false);
    }
  });

  it('each text is a real error code and names only the params of its English text', () => {
    for (const [lang, table] of Object.entries(ERROR_TEXTS)) {
      for (const [code, text] of Object.entries(table)) {
        const def = (ERRORS as Record<string, { en: string }>)[code];
        expect(def, `${lang} ${code}`).toBeTruthy();
        const allowed = params(def.en);
        for (const p of params(text)) expect(allowed, `${lang} ${code} {${p}}`).toContain(p);
        expect(text.trim(), `${lang} ${code}`).not.toBe('');
      }
    }
  });

  it('fills the params, reads the language from the header code, and falls back to ES/EN', () => {
    expect(localizedErrorMessage('login.locked', 'PT-BR', 'EN', { minutes: 5 })).toBe('Muitas tentativas sem sucesso. Tente novamente em 5 minutos.');
    expect(localizedErrorMessage('wallet.insufficient.funds', 'ar', 'EN')).toBe('الرصيد غير كافٍ.');
    expect(localizedErrorMessage('wallet.insufficient.funds', 'CN', 'EN')).toBe('余额不足。');
    // a param that is a code reads in English words ({field} of field.invalid)
    expect(localizedErrorMessage('field.invalid', 'VI', 'EN', { field: 'mobileNum' })).toBe('Vui lòng kiểm tra trường mobile number.');
    // an operator-only code is not translated: English for a translated language, Spanish for ES
    expect(localizedErrorMessage('operator.forbidden', 'TH', 'EN')).toBe(ERRORS['operator.forbidden'].en);
    expect(localizedErrorMessage('login.failed', 'ES', 'ES')).toBe(ERRORS['login.failed'].es);
    expect(localizedErrorMessage('login.failed', 'JA', 'EN')).toBe(ERRORS['login.failed'].en);
  });
});
