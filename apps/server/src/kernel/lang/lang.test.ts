import { describe, expect, it } from 'vitest';
import { contentLangOf, langOf, requestContentLangOf, requestLangOf, textIn, textLangOf } from './index.ts';

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

describe('content language', () => {
  it('contentLangOf: a translated language as is, anything else as langOf', () => {
    expect(contentLangOf('pt-br')).toBe('PT-BR');
    expect(contentLangOf(' AR ')).toBe('AR');
    expect(contentLangOf('JA')).toBe('EN');
    expect(contentLangOf(undefined)).toBe('ES');
    expect(requestContentLangOf({ headers: { language: 'FA' } }, { language: 'vi' })).toBe('VI');
  });

  it('textIn: own language, then English for the other languages, Spanish for ES', () => {
    const t = { ES: 'Hola', EN: 'Hello', 'PT-BR': 'Olá' };
    expect(textIn(t, 'PT-BR')).toBe('Olá');
    expect(textIn(t, 'TH')).toBe('Hello');
    expect(textIn(t, 'ES')).toBe('Hola');
    expect(textIn({ ES: 'Hola', EN: '' }, 'EN')).toBe('Hola');
    expect(textIn({ EN: 'Hello' }, 'ES')).toBe('Hello');
    expect(textIn(undefined, 'AR')).toBe('');
  });
});
