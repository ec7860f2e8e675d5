/** Decorative brand panel of the login (w_login) and forgot-password (w_forget) popups until banners exist. */
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/features/system/api';

export function AuthBanner({ group }: { group: 'w_login' | 'w_forget' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <div className={`auth-banner auth-banner--${group}`} data-banner-group={group} aria-hidden="true">
      <span className="auth-banner__orb auth-banner__orb--a" />
      <span className="auth-banner__orb auth-banner__orb--b" />
      <span className="auth-banner__mark">{(brand?.logoText ?? 'L').slice(0, 1)}</span>
      <div className="auth-banner__text">
        <strong>{brand?.logoText ?? brand?.name ?? ''}</strong>
        <span>{t(group === 'w_login' ? 'auth.bannerLogin' : 'auth.bannerForget')}</span>
      </div>
    </div>
  );
}
