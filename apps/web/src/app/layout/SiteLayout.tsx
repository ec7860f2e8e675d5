/** The site frame of §2: header, optional left side menu (a drawer on mobile), footer, bottom nav. */
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { BottomNav } from './BottomNav';

export function SiteLayout({ sideMenu = true }: { sideMenu?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: navigating closes it.
  const here = location.pathname + location.search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawer = openOn === here;
  const setDrawer = (next: boolean | ((v: boolean) => boolean)) =>
    setOpenOn((cur) => {
      const value = typeof next === 'function' ? next(cur === here) : next;
      return value ? here : null;
    });

  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className={`site ${sideMenu ? 'site--with-menu' : 'site--no-menu'}`}>
      <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
      <Header onMenu={() => setDrawer((v) => !v)} menuOpen={drawer} />
      <div className="site__body">
        <SideMenu open={drawer} onClose={() => setDrawer(false)} docked={sideMenu} />
        <div className="site__content">
          <main id="main" className="site__main" tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <BottomNav onMenu={() => setDrawer((v) => !v)} />
    </div>
  );
}
