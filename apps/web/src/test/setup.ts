import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { provideEnglish } from '@/lib/i18n';
import en from '@/locales/en.json';

// The app loads EN on demand (lib/i18n.ts); tests render EN at once.
provideEnglish(en);

// Whole-app renders import lazy sections on first use (vite transforms them then): on a busy
// 2-core CI machine that takes seconds, so findBy* waits up to 10 s (a failing test waits too).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // No network in unit tests unless a test stubs fetch itself.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('fetch is disabled in unit tests'))));
  if (!window.matchMedia) {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }));
  }
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
});
