import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { adoptTokenFromUrl } from '@/lib/storage';
import { initI18n } from '@/lib/i18n';
import { App } from '@/app/App';
import { AppProviders } from '@/app/providers';
import './styles/index.css';

adoptTokenFromUrl();
initI18n();

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in slices and keeps the main thread responsive.
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
);
