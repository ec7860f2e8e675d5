/** Footer (§2): help list, products, social icons, 15 vendor logos, copyright. */
import { lazy } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';
import { Icon, type IconName } from '@/components/icons';
import { CATEGORIES } from '@/features/games';
import { useBrand, useHelpCenter } from '@/lib/system';
import { currentYear } from '@/lib/format';
import { WhenNear } from '@/components/WhenNear';
import { loadFooterSupport } from '@/features/support';

// Below the fold: the customer-service column (and its strings) loads after the first paint.
const FooterSupport = lazy(() => loadFooterSupport().then((m) => ({ default: m.FooterSupport })));

const VENDOR_PREFIX = /^(FISH|LIVE|PVP|RNG|SPORTS|ESPORTS|E?LOTT|COCKFIGHT)-/;
/** A vendor's word-mark logo (served by /lgw/images, cached for a year: `v` is the server's ART_VERSION; LOTT logos live in the ELOTT folder). */
const vendorLogo = (code: string) => {
  const type = VENDOR_PREFIX.exec(code)?.[1] ?? 'RNG';
  return `/lgw/images/${code}/${type === 'LOTT' ? 'ELOTT' : type}/vendor.svg?v=2`;
};

const SOCIAL_ICONS: Record<string, IconName> = {
  facebook: 'facebook', youtube: 'youtube', telegram: 'telegram', whatsapp: 'whatsapp', instagram: 'instagram',
};

export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  const help = useHelpCenter();
  const articles = Array.isArray(help.data) ? help.data : [];
  const vendors = (brand?.footerVendors ?? []).slice(0, LIMITS.footerVendorLogos);
  const socials = Object.entries(brand?.social ?? {}).filter(([k, v]) => v && k in SOCIAL_ICONS);

  return (
    <footer className="footer">
      <div className="footer__grid">
        <section className="footer__brand">
          <p className="brand-logo brand-logo--footer">
            <span className="brand-logo__mark" aria-hidden="true">{(brand?.logoText ?? 'L').slice(0, 1)}</span>
            <span className="brand-logo__text">{brand?.logoText}</span>
          </p>
          <p className="footer__tagline">{t('footer.tagline')}</p>
          {socials.length > 0 && (
            <ul className="footer__social" aria-label={t('footer.follow')}>
              {socials.map(([k, url]) => (
                <li key={k}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className={`social-btn social-btn--${k}`} aria-label={k}>
                    <Icon name={SOCIAL_ICONS[k]} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav className="footer__col" aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help')}</h2>
          <ul>
            {articles.slice(0, 6).map((a) => (
              <li key={a.term}>
                <Link to={`/help#${a.term}`}>{a.title}</Link>
              </li>
            ))}
            {articles.length === 0 && (
              <li>
                <Link to="/help">{t('pages.help.title')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <WhenNear className="footer__col-slot">
          <FooterSupport />
        </WhenNear>
        <nav className="footer__col" aria-labelledby="footer-products">
          <h2 id="footer-products">{t('footer.products')}</h2>
          <ul className="footer__products">
            {CATEGORIES.map((c) => (
              <li key={c.type}>
                <Link to={c.path}>{t(`categories.${c.type}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {vendors.length > 0 && (
        <section className="footer__vendors" aria-labelledby="footer-vendors">
          <h2 id="footer-vendors" className="visually-hidden">{t('footer.vendors')}</h2>
          <ul>
            {vendors.map((v, i) => (
              <li key={v} className="vendor-badge" data-tone={i % 5} dir="ltr" title={v}>
                <img src={vendorLogo(v)} alt={v.replace(VENDOR_PREFIX, '')} width="120" height="60" loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="footer__legal">
        <span className="age-badge" aria-label={t('footer.adults')}>18+</span>
        <p>{t('footer.responsible')}</p>
        <p className="footer__copy">
          © {currentYear(brand?.gmtOffsetMinutes ?? 0)} {brand?.name}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
