/** The phone's system, to open the app-download guide on its tab. */
export type Os = 'ios' | 'android';

/** The phone's system, to open its tab first (desktop: iOS). */
export function guessOs(ua: string): Os {
  return /android/i.test(ua) ? 'android' : 'ios';
}
