/** Mobile bottom navigation: home, promotions, menu, service, account. */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useSession, useLoginPopup } from '@/features/session';
import { usePopups } from '@/components/popups';

export function BottomNav({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const popups = usePopups();
  return (
    <nav className="bottom-nav" aria-label={t('bottomNav.label')}>
      <NavLink to="/" end className="bottom-nav__item">
        <Icon name="home" /> <span>{t('sideMenu.home')}</span>
      </NavLink>
      <NavLink to="/promotions" className="bottom-nav__item">
        <Icon name="gift" /> <span>{t('bottomNav.promotions')}</span>
      </NavLink>
      <button type="button" className="bottom-nav__item bottom-nav__item--menu" onClick={onMenu} aria-controls="side-menu">
        <span className="bottom-nav__fab"><Icon name="menu" /></span> <span>{t('bottomNav.menu')}</span>
      </button>
      <button type="button" className="bottom-nav__item" onClick={() => popups.open('liveChat')}>
        <Icon name="headset" /> <span>{t('bottomNav.service')}</span>
      </button>
      {session.loggedIn ? (
        <NavLink to="/member" className="bottom-nav__item">
          <Icon name="user" /> <span>{t('bottomNav.account')}</span>
        </NavLink>
      ) : (
        <button type="button" className="bottom-nav__item" onClick={() => openLogin()}>
          <Icon name="user" /> <span>{t('bottomNav.login')}</span>
        </button>
      )}
    </nav>
  );
}
