import { describe, expect, it } from 'vitest';
import { langOf, requestLangOf, textLangOf } from './index.ts';

describe('request language', () => {
  it('langOf: Spanish content for ES and unknown codes, English (the fallback) for every other language', () => {
    expect(langOf('EN')).toBe('EN');
    expect(langOf(' en-US ')).toBe('EN');
    expect(langOf('ES')).toBe('ES');
    expect(langOf('PT')).toBe('EN');
    expect(langOf('AR')).toBe('EN');
    expect(langOf('pt-br')).toBe('EN');
    expect(langOf('es-MX')).toBe('ES');
    expect(langOf(undefined)).toBe('ES');
    expect(langOf(['EN'])).toBe('ES');
  });

  it('requestLangOf: the query before the header', () => {
    expect(requestLangOf({ headers: { language: 'EN' } })).toBe('EN');
    expect(requestLangOf({ headers: { language: 'EN' } }, { language: 'ES' })).toBe('ES');
    expect(requestLangOf({ headers: {} })).toBe('ES');
  });

  it('textLangOf: any non-Spanish language reads English; no query keeps the header', () => {
    expect(textLangOf({ language: 'PT' }, 'ES')).toBe('EN');
    expect(textLangOf({ language: 'es' }, 'EN')).toBe('ES');
    expect(textLangOf({}, 'EN')).toBe('EN');
  });
});
