/** The 27 interface languages of §1, with their own names. ES is the default, EN the fallback. */
export const LANGUAGES = {
  CN: { label: '简体中文', locale: 'zh-CN' },
  EN: { label: 'English', locale: 'en' },
  JA: { label: '日本語', locale: 'ja' },
  TH: { label: 'ไทย', locale: 'th' },
  VI: { label: 'Tiếng Việt', locale: 'vi' },
  MY: { label: 'မြန်မာ', locale: 'my' },
  ES: { label: 'Español', locale: 'es' },
  HI: { label: 'हिन्दी', locale: 'hi' },
  ID: { label: 'Bahasa Indonesia', locale: 'id' },
  KM: { label: 'ខ្មែរ', locale: 'km' },
  KO: { label: '한국어', locale: 'ko' },
  MS: { label: 'Bahasa Melayu', locale: 'ms' },
  PT: { label: 'Português', locale: 'pt-PT' },
  TA: { label: 'தமிழ்', locale: 'ta' },
  TW: { label: '繁體中文', locale: 'zh-TW' },
  TY: { label: 'Tày', locale: 'vi' },
  UR: { label: 'اردو', locale: 'ur' },
  'PT-BR': { label: 'Português (Brasil)', locale: 'pt-BR' },
  TR: { label: 'Türkçe', locale: 'tr' },
  BN: { label: 'বাংলা', locale: 'bn' },
  AR: { label: 'العربية', locale: 'ar' },
  FA: { label: 'فارسی', locale: 'fa' },
  RU: { label: 'Русский', locale: 'ru' },
  KK: { label: 'Қазақ', locale: 'kk' },
  UZ: { label: 'Oʻzbek', locale: 'uz' },
  LO: { label: 'ລາວ', locale: 'lo' },
} as const;

export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'ES';
export const FALLBACK_LANGUAGE: LanguageCode = 'EN';
/**
 * The languages the product has translations for: every player-site, demo-game and agent-centre
 * string (apps/web/src/locales/<ns>.<locale>.json), the error messages and the demo content. A brand
 * may only offer these (the console refuses others, settings.language.untranslated); the operator
 * console itself is ES and EN. Adding one: see the README, section Languages.
 */
export const TRANSLATED_LANGUAGES: readonly LanguageCode[] = ['ES', 'EN', 'PT-BR', 'CN', 'AR', 'VI', 'TH', 'FA'];

export function isTranslated(code: string): boolean {
  return (TRANSLATED_LANGUAGES as readonly string[]).includes(code.toUpperCase());
}

/** Languages whose text runs right to left. */
export const RTL_LANGUAGES: readonly LanguageCode[] = ['AR', 'FA', 'UR'];

export function isLanguageCode(v: unknown): v is LanguageCode {
  return typeof v === 'string' && v in LANGUAGES;
}

/** The language a request speaks: ES and EN have full text, everything else falls back to EN. */
export function textLanguage(code: string | undefined): 'ES' | 'EN' {
  const up = code?.toUpperCase();
  if (up === 'ES') return 'ES';
  if (up && isLanguageCode(up)) return 'EN';
  return up === undefined || up === '' ? 'ES' : 'EN';
}
