/**
 * Header (§2): logo, game-type navigation (categories with vendors, vendor dropdowns), service menus (Telegram, WhatsApp, Facebook),
 * live chat, notice bell, and login / register buttons or the member's info and balance.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { CATEGORIES, useGameMenus, menuCategories, loadCategoryDropdown } from '@/features/games';
import { useSession, useLoginPopup, useFreeTrial } from '@/features/session';
import { MODULES } from '@lobby/contract';
import { useBrand, useCustomerService, useModuleEnabled } from '@/lib/system';
import { usePopups } from '@/components/popups';
import { useUnreadCount } from '@/features/inbox';
import { Dropdown } from './Dropdown';

// Members only: a visitor's first load skips the member box (a member's loads with the page).
const MemberBox = lazy(() => import('./MemberBox').then((m) => ({ default: m.MemberBox })));

const CategoryDropdown = lazy(() => loadCategoryDropdown());

const SERVICES: Array<{ type: 'TELEGRAM' | 'WHATSAPP' | 'FACEBOOK'; social: string; icon: IconName }> = [
  { type: 'TELEGRAM', social: 'telegram', icon: 'telegram' },
  { type: 'WHATSAPP', social: 'whatsapp', icon: 'whatsapp' },
  { type: 'FACEBOOK', social: 'facebook', icon: 'facebook' },
];

function ServiceMenu({ type, social, icon }: (typeof SERVICES)[number]) {
  const { t } = useTranslation();
  const entries = useCustomerService(type);
  const brand = useBrand();
  const link = brand?.social?.[social];
  const items = [...entries.map((e) => ({ title: e.title, url: e.path })), ...(link ? [{ title: t('header.officialChannel'), url: link }] : [])];
  if (items.length === 0) return null;
  return (
    <Dropdown label={t(`header.service.${social}`)} icon={<Icon name={icon} />} className={`service service--${social}`}>
      {(close) => (
        <>
          <p className="dropdown__title">{t(`header.service.${social}`)}</p>
          {items.map((it) => (
            <a key={it.title + it.url} href={it.url} target="_blank" rel="noopener noreferrer" className="dropdown__item" onClick={close}>
              <Icon name={icon} size={18} />
              <span>{it.title}</span>
            </a>
          ))}
        </>
      )}
    </Dropdown>
  );
}

const HOME_PATHS = ['/', '/index', '/index.html', '/home'];

/** A category link; active by path, or by ?tab= for the home tabs (COCKFIGHT has no route). */
function CatLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  const location = useLocation();
  const url = new URL(to, 'http://x');
  const tab = new URLSearchParams(location.search).get('tab');
  const onHome = HOME_PATHS.includes(location.pathname);
  const active = url.searchParams.has('tab')
    ? onHome && tab === url.searchParams.get('tab')
    : url.pathname === '/'
      ? onHome && !tab
      : location.pathname === url.pathname;
  return (
    <Link to={to} className={`catnav__link ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
      <Icon name={icon} size={18} />
      <span>{label}</span>
    </Link>
  );
}

/**
 * The server-sorted categories that have vendors, each with its vendors in a dropdown under the
 * bar; the dropdowns' code loads when the pointer or focus first reaches the menu.
 */
function CategoryMenu() {
  const { t } = useTranslation();
  const menus = menuCategories(useGameMenus().data);
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return (
    <>
      {menus.map((m) => {
        const cat = CATEGORIES.find((c) => c.type === m.gameType)!;
        return (
          <li key={m.gameType} className="catnav__item" onPointerEnter={arm} onFocus={arm}>
            <CatLink to={cat.path} icon={cat.icon} label={t(`categories.${m.gameType}`)} />
            {armed && (
              <Suspense fallback={null}>
                <CategoryDropdown menu={m} />
              </Suspense>
            )}
          </li>
        );
      })}
    </>
  );
}

export function Header({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const session = useSession();
  const { openLogin, openRegister } = useLoginPopup();
  const popups = usePopups();
  const freeplay = useModuleEnabled(MODULES.freePlay);
  const startTrial = useFreeTrial();
  const unread = useUnreadCount();

  return (
    <header className="header">
      <div className="header__bar">
        <button
          type="button"
          className="icon-btn header__burger"
          onClick={onMenu}
          aria-label={t('header.menu')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        {/* Named by its visible text first, then what it does (axe label-content-name-mismatch). */}
        <Link to="/" className="brand-logo">
          <span className="brand-logo__mark" aria-hidden="true">{(brand?.logoText ?? 'L').slice(0, 1)}</span>
          <span className="brand-logo__text">{brand?.logoText ?? ''}</span>
          <span className="visually-hidden">: {t('header.homeLink', { brand: brand?.name ?? '' })}</span>
        </Link>

        <div className="header__tools">
          <div className="header__services">
            {SERVICES.map((s) => (
              <ServiceMenu key={s.type} {...s} />
            ))}
          </div>
          <button type="button" className="icon-btn header__chat" onClick={() => popups.open('liveChat')} aria-label={t('header.liveChat')} title={t('header.liveChat')}>
            <Icon name="headset" />
          </button>
          <button type="button" className="icon-btn header__notice" onClick={() => popups.open('notice')} aria-label={t('header.notice')} title={t('header.notice')}>
            <Icon name="bell" />
            {unread.count > 0 && (
              <span className="badge" data-testid="header-unread" aria-label={t('header.unread', { count: unread.count })}>
                {unread.count > 99 ? '99+' : unread.count}
              </span>
            )}
          </button>

          {session.loggedIn ? (
            <Suspense fallback={<div className="member-box" aria-busy="true" />}>
              <MemberBox />
            </Suspense>
          ) : (
            <div className="header__auth">
              {freeplay && (
                <button type="button" className="btn btn--ghost btn--sm header__trial" onClick={() => void startTrial()}>
                  {t('auth.tryFree')}
                </button>
              )}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => openLogin()}>
                {t('header.login')}
              </button>
              <button type="button" className="btn btn--primary btn--sm" onClick={() => openRegister()}>
                {t('header.register')}
              </button>
            </div>
          )}
        </div>
      </div>

      <nav className="header__nav" aria-label={t('header.gameNav')}>
        <ul className="catnav">
          <li>
            <CatLink to="/" icon="home" label={t('categories.HOME')} />
          </li>
          <CategoryMenu />
        </ul>
      </nav>
    </header>
  );
}
