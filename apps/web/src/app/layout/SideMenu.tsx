/**
 * Left side menu (§2): home, invite, bet, promotions (max 6 + More), iOS / Android download
 * QR codes, language select, Facebook and YouTube links. A drawer on mobile.
 */
import { NavLink, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, MODULES } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useSession, useLoginPopup } from '@/features/session';
import { useBrand, useModuleEnabled, useResource } from '@/lib/system';
import { LanguageSelect } from '@/components/LanguageSelect';
import { QrCode } from '@/components/QrCode';
import { AppGuideButton } from '@/features/support';
import { SideBanner } from '@/features/announcements';
import { usePromotions } from '@/features/promotions';

/** §2: invite shows when logged out, or when referral is on and the user is not an agent. */
export function showInvite(loggedIn: boolean, referralOn: boolean, agent: boolean): boolean {
  return !loggedIn || (referralOn && !agent);
}

/** A menu link to a member-centre tab: active only on that tab (NavLink ignores the query). */
function TabLink({ to, className, children }: { to: string; className: string; children: React.ReactNode }) {
  const location = useLocation();
  const url = new URL(to, 'http://x');
  const active = location.pathname === url.pathname && new URLSearchParams(location.search).get('tab') === url.searchParams.get('tab');
  return (
    <Link to={to} className={`${className} ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function SideMenu({ open, onClose, docked }: { open: boolean; onClose: () => void; docked: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const brand = useBrand();
  const referralOn = useModuleEnabled(MODULES.referral);
  const { openLogin, openRegister } = useLoginPopup();
  const ios = useResource('IOS');
  const android = useResource('ANDROID');
  const promos = usePromotions('all').data?.list.slice(0, LIMITS.sideMenuPromotions) ?? [];
  const invite = showInvite(session.loggedIn, referralOn, session.agent);

  return (
    <>
      <div className={`drawer-backdrop ${open ? 'is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <aside
        id="side-menu"
        className={`side-menu ${open ? 'is-open' : ''} ${docked ? 'side-menu--docked' : 'side-menu--drawer-only'}`}
        aria-label={t('sideMenu.label')}
      >
        <div className="side-menu__drawer-head">
          <span className="brand-logo">
            <span className="brand-logo__mark" aria-hidden="true">{(brand?.logoText ?? 'L').slice(0, 1)}</span>
            <span className="brand-logo__text">{brand?.logoText}</span>
          </span>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')} tabIndex={open ? 0 : -1}>
            <Icon name="close" />
          </button>
        </div>
        <nav className="side-menu__section">
          <NavLink to="/" end className="side-link">
            <Icon name="home" /> <span>{t('sideMenu.home')}</span>
          </NavLink>
          {invite &&
            (session.loggedIn ? (
              <TabLink to="/member?tab=referral" className="side-link side-link--invite">
                <Icon name="userPlus" /> <span>{t('sideMenu.invite')}</span>
              </TabLink>
            ) : (
              <button type="button" className="side-link side-link--invite" onClick={() => openRegister()}>
                <Icon name="userPlus" /> <span>{t('sideMenu.invite')}</span>
              </button>
            ))}
          {session.loggedIn ? (
            <TabLink to="/member?tab=personalHistoryCopy" className="side-link">
              <Icon name="receipt" /> <span>{t('sideMenu.bet')}</span>
            </TabLink>
          ) : (
            <button type="button" className="side-link" onClick={() => openLogin({ returnTo: '/member?tab=personalHistoryCopy' })}>
              <Icon name="receipt" /> <span>{t('sideMenu.bet')}</span>
            </button>
          )}
        </nav>

        <SideBanner />
        <nav className="side-menu__section" aria-labelledby="side-promos">
          <h2 id="side-promos" className="side-menu__heading">
            <Icon name="gift" size={16} /> {t('sideMenu.promotions')}
          </h2>
          <ul className="side-promos">
            {promos.map((p, i) => (
              <li key={p.id}>
                <Link to={`/promotions#${p.id}`} className="side-promo">
                  <span className="side-promo__dot" data-i={i % 6} aria-hidden="true" />
                  <span>{p.title}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/promotions" className="side-more">
            {t('common.more')} <Icon name="chevronRight" size={16} className="flip-rtl" />
          </Link>
        </nav>

        {(ios || android) && (
          <section className="side-menu__section" aria-labelledby="side-dl">
            <h2 id="side-dl" className="side-menu__heading">
              <Icon name="download" size={16} /> {t('sideMenu.download')}
            </h2>
            <div className="side-qr">
              {ios && (
                <a className="side-qr__item" href={ios.url} target="_blank" rel="noopener noreferrer">
                  <QrCode value={ios.url} label={t('sideMenu.iosQr')} size={84} />
                  <span><Icon name="apple" size={16} /> iOS</span>
                </a>
              )}
              {android && (
                <a className="side-qr__item" href={android.url} target="_blank" rel="noopener noreferrer">
                  <QrCode value={android.url} label={t('sideMenu.androidQr')} size={84} />
                  <span><Icon name="android" size={16} /> Android</span>
                </a>
              )}
            </div>
            <AppGuideButton />
          </section>
        )}

        <section className="side-menu__section">
          <LanguageSelect />
        </section>

        {(brand?.social?.facebook || brand?.social?.youtube) && (
          <section className="side-menu__section side-social">
            {brand?.social?.facebook && (
              <a href={brand.social.facebook} target="_blank" rel="noopener noreferrer" className="side-social__link side-social__link--fb">
                <Icon name="facebook" /> <span>Facebook</span>
              </a>
            )}
            {brand?.social?.youtube && (
              <a href={brand.social.youtube} target="_blank" rel="noopener noreferrer" className="side-social__link side-social__link--yt">
                <Icon name="youtube" /> <span>YouTube</span>
              </a>
            )}
          </section>
        )}
      </aside>
    </>
  );
}
