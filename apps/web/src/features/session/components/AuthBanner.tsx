/**
 * The brand panel of the login (w_login) and forgot-password (w_forget) popups: the operator's
 * first banner of that group when there is one with an image, else a decorative panel.
 */
import { useTranslation } from 'react-i18next';
import { useBanners } from '@/lib/announcements';
import { useBrand } from '@/lib/system';

export function AuthBanner({ group }: { group: 'w_login' | 'w_forget' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const banner = useBanners(group).data?.find((b) => b.images);
  if (banner) {
    return (
      <div className={`auth-banner auth-banner--image auth-banner--${group}`} data-banner-group={group}>
        <img src={banner.images} alt={banner.title} decoding="async" />
      </div>
    );
  }
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
