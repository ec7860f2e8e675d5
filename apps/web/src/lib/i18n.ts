/**
 * i18n: i18next with ES by default and EN as fallback (§1). Language codes are the
 * contract's (ES, EN, AR, ...); the native labels come from contract LANGUAGES. Choosing a
 * language saves `lang` and `hisLang` in localStorage, sets <html lang dir>, and when logged
 * in tells the server (member.setLanguage).
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, RTL_LANGUAGES, STORAGE_KEYS,
  isLanguageCode, member, type LanguageCode,
} from '@lobby/contract';
import es from '@/locales/es.json';
import { call } from './api';
import { getToken, readLocal, setCurrentLanguage, writeLocal } from './storage';

export const i18n = i18next.createInstance();

/**
 * ES (the default, §1) ships in the bundle; every other language loads as chunks: its main file
 * (locales/<locale>.json) when it is shown, and each lazy section's file (locales/<ns>.<locale>.json)
 * when both the language is shown and the section registered (addStrings). EN, the fallback of
 * every other language, loads with them, so a key a language lacks reads in English, never blank.
 * File names use the BCP 47 tag of the contract's LANGUAGES (pt-BR, zh-CN, ar, ...).
 */
const FILES = import.meta.glob<{ default: object }>([
  '../locales/*.json', '!../locales/es.json', '!../locales/*.es.json', '!../locales/en.json', '!../locales/*.en.json',
  '!../locales/demo-vendor.*.json',
]);
let en: object | null = null;
let enLoading: Promise<void> | null = null;
/** Sections registered by addStrings (their ES and EN are in i18next already). */
const sections = new Set<string>();
/** `<code>:<section>` ('' = main file) already added or on the way. */
const loading = new Map<string, Promise<void>>();

function addEnglish(strings: object) {
  en = strings;
  if (i18n.isInitialized) i18n.addResourceBundle('EN', 'translation', strings, true, false);
}
/** EN's strings at once (unit tests render in EN without waiting). */
export function provideEnglish(strings: object): void {
  addEnglish(strings);
  enLoading = Promise.resolve();
}

/** The locale file of a section ('' = the main strings) in a language, when the product has one. */
export function localeFile(code: string, section = ''): string {
  const tag = LANGUAGES[code as LanguageCode]?.locale ?? code.toLowerCase();
  return `../locales/${section ? `${section}.` : ''}${tag}.json`;
}

function loadSection(code: string, section: string): Promise<void> {
  const id = `${code}:${section}`;
  const file = FILES[localeFile(code, section)];
  if (!file) return Promise.resolve(); // not translated: EN fallback
  let p = loading.get(id);
  if (!p) {
    p = file().then(
      (m) => {
        i18n.addResourceBundle(code, 'translation', m.default, true, false);
      },
      (e: unknown) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, p);
  }
  return p;
}

/** What a language needs before it is shown: EN (its own or the fallback), its main file and the registered sections'. */
export function loadLanguage(code: string): Promise<void> {
  if (code === 'ES') return Promise.resolve();
  enLoading ??= import('@/locales/en.json').then(
    (m) => addEnglish(m.default),
    (e: unknown) => {
      enLoading = null;
      throw e;
    },
  );
  if (code === 'EN') return enLoading;
  return Promise.all([enLoading, loadSection(code, ''), ...[...sections].map((s) => loadSection(code, s))]).then(() => undefined);
}

export function storedLanguage(): LanguageCode | null {
  const v = readLocal(STORAGE_KEYS.lang)?.toUpperCase();
  return isLanguageCode(v) ? v : null;
}

export function isRtl(code: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(code.toUpperCase());
}

/** The BCP 47 tag of a language code, for lang attributes and Intl (CN → zh-CN, PT-BR → pt-BR). */
export function languageTag(code: string): string {
  return LANGUAGES[code.toUpperCase() as LanguageCode]?.locale ?? code.toLowerCase();
}

/** Apply a language to the document: <html lang> (BCP 47) and dir. */
export function applyDocumentLanguage(code: LanguageCode): void {
  const html = document.documentElement;
  html.lang = languageTag(code);
  html.dir = isRtl(code) ? 'rtl' : 'ltr';
}

/**
 * Right-to-left languages: every interpolated value (amount, username, date, count) is a first-strong
 * isolate (U+2068 … U+2069), so "R$ 1,234.50" or "player01" keeps its own order and the
 * punctuation around it lands where Arabic and Persian readers expect it.
 */
const isolateValues = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined) {
    if (!lng || !isRtl(lng) || value === null || value === undefined || value === '') return value;
    return `\u2068${String(value)}\u2069`;
  },
};

export function initI18n(initial: LanguageCode = storedLanguage() ?? DEFAULT_LANGUAGE) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).use(isolateValues as never).init({
      resources: { ES: { translation: es }, ...(en ? { EN: { translation: en } } : {}) },
      lng: initial,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      initAsync: false,
      // a section's strings in a language other than ES/EN arrive after its first render
      react: { bindI18nStore: 'added' },
    });
  } else if (i18n.language !== initial) {
    void i18n.changeLanguage(initial);
  }
  setCurrentLanguage(initial);
  applyDocumentLanguage(initial);
  return i18n;
}

export interface ChangeLanguageOptions {
  /** Tell the server (member.setLanguage) when logged in. Default true. */
  notifyServer?: boolean;
  /** Save lang and hisLang in localStorage. Default true. */
  persist?: boolean;
}

/** Switch the interface language (§4: save lang and hisLang locally and notify the server). */
export async function changeLanguage(code: LanguageCode, opts: ChangeLanguageOptions = {}): Promise<void> {
  const { notifyServer = true, persist = true } = opts;
  try {
    await loadLanguage(code);
  } catch {
    return; // offline: stay in the current language
  }
  setCurrentLanguage(code);
  applyDocumentLanguage(code);
  if (persist) {
    writeLocal(STORAGE_KEYS.lang, code);
    writeLocal(STORAGE_KEYS.hisLang, code);
  }
  await i18n.changeLanguage(code);
  if (notifyServer && getToken()) {
    try {
      await call(member.setLanguage, { body: { language: code } });
    } catch {
      // The UI language already changed; the server copy is best effort.
    }
  }
}

/** Current language code and direction; re-renders on change. Use `dir` as a key to remount carousels. */
export function useLanguage(): { language: LanguageCode; dir: 'ltr' | 'rtl' } {
  const { i18n: inst } = useTranslation();
  const language = (isLanguageCode(inst.language) ? inst.language : DEFAULT_LANGUAGE) as LanguageCode;
  return { language, dir: isRtl(language) ? 'rtl' : 'ltr' };
}

/**
 * The text of an error code in the UI language. The server's envelope already carries the
 * message in the request's language (pass it as `fallback`); the codes the client raises itself
 * (or fills with its own parameters) are in the locale files under `errorCodes`, copied from the
 * contract's ERRORS table (a test keeps them equal), so the whole table stays out of the bundle.
 */
export function errorText(code: string, fallback?: string, params?: Record<string, string | number>): string {
  const key = `errorCodes.${code.replace(/\./g, '_')}`;
  if (i18n.exists(key)) return i18n.t(key, params);
  return fallback || i18n.t('errorCodes.unknown_error');
}

/**
 * Registers a lazy chunk's strings (its locales/<section>.<lang>.json): ES and EN deep-merged now
 * (or as soon as i18n is initialised); the shown language's file, when it is another, loads as a
 * chunk (the page reads EN until it arrives), and every later language switch loads it too.
 */
export function addStrings(es: object, en: object, section?: string): void {
  const add = () => {
    i18n.addResourceBundle('ES', 'translation', es, true, false);
    i18n.addResourceBundle('EN', 'translation', en, true, false);
    if (section) {
      sections.add(section);
      const code = i18n.language;
      if (code && code !== 'ES' && code !== 'EN') void loadSection(code, section).catch(() => undefined);
    }
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
