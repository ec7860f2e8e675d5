import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { captureAttribution } from '@/lib/attribution';
import { initI18n, loadLanguage } from '@/lib/i18n';
import { getLanguage } from '@/lib/storage';
import { App } from '@/app/App';
import { adoptUrlToken } from '@/app/url-token';
import { AppProviders } from '@/app/providers';
import '@/styles/index.css';

initI18n();
// a tracked link (issue 25) on whatever page the visitor lands
void captureAttribution();

const root = createRoot(document.getElementById('root')!);
// A language other than ES needs its strings first (lib/i18n.ts; offline, keys show until a
// reload). The render is a transition: React draws the first screen in slices and keeps the
// main thread responsive.
// A ?token= link is checked first (a stale one is dropped silently), alongside the strings.
void Promise.all([loadLanguage(getLanguage()).catch(() => undefined), adoptUrlToken()])
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <BrowserRouter>
            <AppProviders>
              <App />
            </AppProviders>
          </BrowserRouter>
        </StrictMode>,
      ),
    ),
  );
