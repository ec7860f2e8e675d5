/**
 * Screens that replace the whole app by system status (§2, §4): maintenance (1) and region
 * blocked (2). Loaded only when needed; the "network link abnormal" screen is NetworkErrorScreen.tsx
 * (it must show without the network).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { useCustomerService, useStatus } from '@/lib/system';
import { LanguageSelect } from '@/components/LanguageSelect';

function CustomerServiceButton() {
  const { t } = useTranslation();
  const entries = useCustomerService();
  const first = entries[0];
  if (!first) return null;
  return (
    <a className="btn btn--primary btn--lg" href={first.path} target="_blank" rel="noopener noreferrer">
      <Icon name="headset" size={20} /> {t('status.customerService')}
    </a>
  );
}

function FullScreen({ icon, title, text, children, tone }: { icon: IconName; title: string; text: string; children?: ReactNode; tone: string }) {
  const { data } = useStatus();
  const brand = data?.info.brand;
  return (
    <main className={`fullscreen fullscreen--${tone}`}>
      <div className="fullscreen__card">
        {brand && <p className="brand-logo brand-logo--center"><span className="brand-logo__mark" aria-hidden="true">{brand.logoText.slice(0, 1)}</span><span className="brand-logo__text">{brand.logoText}</span></p>}
        <div className="fullscreen__icon" aria-hidden="true">
          <Icon name={icon} size={40} />
        </div>
        <h1 className="fullscreen__title">{title}</h1>
        <p className="fullscreen__text">{text}</p>
        {children}
        <div className="fullscreen__lang"><LanguageSelect /></div>
      </div>
    </main>
  );
}

export function MaintenanceScreen() {
  const { t } = useTranslation();
  return (
    <FullScreen tone="maintenance" icon="wrench" title={t('status.game_maintenance')} text={t('status.info_maintenance')}>
      <CustomerServiceButton />
    </FullScreen>
  );
}

export function RegionBlockedScreen() {
  const { t } = useTranslation();
  const { data } = useStatus();
  const ip = data?.location.ip ?? '';
  return (
    <FullScreen tone="blocked" icon="shield" title={t('status.blockip')} text={t('status.info_ip_block')}>
      <p className="fullscreen__ip">
        {t('status.yourIp')}: <strong dir="ltr" data-testid="blocked-ip">{ip}</strong>
      </p>
      <CustomerServiceButton />
    </FullScreen>
  );
}
