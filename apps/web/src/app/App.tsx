/** The app shell: system status gate (maintenance / region screens), brand theme, routes, loader. */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_STATUS, isLanguageCode, type LanguageCode } from '@lobby/contract';
import { useBrand, useStatus } from '@/lib/system';
import { changeLanguage, storedLanguage, useLanguage } from '@/lib/i18n';
import { hideBootLoader, useLoaderVisible } from '@/lib/loader';
import { AppRoutes } from './routes';
import { NetworkErrorScreen } from './screens/NetworkErrorScreen';

const MaintenanceScreen = lazy(() => import('./screens/StatusScreens').then((m) => ({ default: m.MaintenanceScreen })));
const RegionBlockedScreen = lazy(() => import('./screens/StatusScreens').then((m) => ({ default: m.RegionBlockedScreen })));

/** Relative luminance of a #rrggbb colour (for readable text on brand colours). */
function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** Brand theme colours as CSS variables; brand language defaults; document title. */
function BrandEffects() {
  const brand = useBrand();
  const { language } = useLanguage();
  useEffect(() => {
    if (!brand) return;
    const root = document.documentElement.style;
    const { primary, accent, background } = brand.theme;
    if (primary) root.setProperty('--brand-primary', primary);
    if (accent) root.setProperty('--brand-accent', accent);
    if (background) root.setProperty('--brand-bg', background);
    const l = luminance(primary);
    if (l !== null) root.setProperty('--brand-on-primary', l > 0.45 ? '#14100a' : '#ffffff');
    document.title = brand.name;
  }, [brand]);
  useEffect(() => {
    if (!brand) return;
    const visible = brand.languages.map((l) => l.code);
    const stored = storedLanguage();
    const wanted: string = stored && visible.includes(stored) ? stored : brand.defaultLanguage;
    if (wanted !== language && isLanguageCode(wanted) && (!stored || !visible.includes(language))) {
      void changeLanguage(wanted as LanguageCode, { notifyServer: false, persist: false });
    }
    // Only when the brand arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand]);
  return null;
}

export function GlobalLoader() {
  const visible = useLoaderVisible();
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className="global-loader" role="progressbar" aria-label={t('common.loading')}>
      <span className="spinner spinner--lg" />
    </div>
  );
}

export function StatusGate({ children }: { children: ReactNode }) {
  const status = useStatus();
  useEffect(() => {
    if (!status.isPending) hideBootLoader();
  }, [status.isPending]);
  if (status.isPending) return null;
  if (status.isError || !status.data) return <NetworkErrorScreen onRetry={() => void status.refetch()} />;
  if (status.data.status === SYSTEM_STATUS.maintenance || status.data.maintenance) return <Suspense fallback={null}><MaintenanceScreen /></Suspense>;
  if (status.data.status === SYSTEM_STATUS.regionRestricted || status.data.regionRestriction) return <Suspense fallback={null}><RegionBlockedScreen /></Suspense>;
  return <>{children}</>;
}

export function App() {
  return (
    <>
      <StatusGate>
        <BrandEffects />
        <AppRoutes />
      </StatusGate>
      <GlobalLoader />
    </>
  );
}
