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
 * ES (the default, §1) ships in the bundle; EN, the fallback of every other language, loads
 * when a language other than ES is shown (one small chunk), so the home page carries one
 * language, not two.
 */
let en: object | null = null;
let enLoading: Promise<void> | null = null;
function addEnglish(strings: object) {
  en = strings;
  if (i18n.isInitialized) i18n.addResourceBundle('EN', 'translation', strings, true, false);
}
/** EN's strings at once (unit tests render in EN without waiting). */
export function provideEnglish(strings: object): void {
  addEnglish(strings);
  enLoading = Promise.resolve();
}
/** What a language needs before it is shown: every language but ES reads EN (its own or as the fallback). */
export function loadLanguage(code: string): Promise<void> {
  if (code === 'ES') return Promise.resolve();
  enLoading ??= import('@/locales/en.json').then(
    (m) => addEnglish(m.default),
    (e: unknown) => {
      enLoading = null;
      throw e;
    },
  );
  return enLoading;
}

export function storedLanguage(): LanguageCode | null {
  const v = readLocal(STORAGE_KEYS.lang)?.toUpperCase();
  return isLanguageCode(v) ? v : null;
}

export function isRtl(code: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(code.toUpperCase());
}

/** Apply a language to the document: <html lang> (BCP 47) and dir. */
export function applyDocumentLanguage(code: LanguageCode): void {
  const html = document.documentElement;
  html.lang = LANGUAGES[code]?.locale ?? code.toLowerCase();
  html.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export function initI18n(initial: LanguageCode = storedLanguage() ?? DEFAULT_LANGUAGE) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { ES: { translation: es }, ...(en ? { EN: { translation: en } } : {}) },
      lng: initial,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
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
 * Registers a lazy chunk's strings (its locales/<name>.<lang>.json), deep-merged into ES and EN,
 * now or as soon as i18n is initialised. Chunks call it from their locale.ts on import.
 */
export function addStrings(es: object, en: object): void {
  const add = () => {
    i18n.addResourceBundle('ES', 'translation', es, true, false);
    i18n.addResourceBundle('EN', 'translation', en, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
