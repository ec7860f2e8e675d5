import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { adoptTokenFromUrl } from '@/lib/storage';
import { initI18n } from '@/lib/i18n';
import { App } from '@/app/App';
import { AppProviders } from '@/app/providers';
import './styles/index.css';

adoptTokenFromUrl();
initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <App />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
