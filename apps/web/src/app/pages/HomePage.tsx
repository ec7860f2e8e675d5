/**
 * Home (§2): banner carousel (operator banners of group w_home), notice marquee (player
 * notices), the announcement popup once per session, a search box and the category tabs HOME, FAV
 * then the server-sorted categories that have vendors. HOME shows rows (hot games, slots of up
 * to 3 vendors, live and fishing of 1) and the winner board; FAV (login first) and the other
 * tabs a flex grid; a search shows matching games of every category.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { games as G } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { lazySection } from '@/lib/lazy';
import { WhenNear } from '@/components/WhenNear';
import { useLanguage } from '@/lib/i18n';
import { CATEGORIES, categoryIcon, useGameMenus, useGameRow, useHotGames, menuCategories, vendorHref, Banner, GameRow, SearchBox, WinnerBoardSlot, loadTabGames } from '@/features/games';
import { useSession, useLoginPopup } from '@/features/session';
import { AnnouncementAuto, NoticeMarquee, useHomeSlides } from '@/features/announcements';
import { LimitsLink } from '@/features/responsible';

const TabGames = lazySection(() => loadTabGames(), 'TabGames');

function VendorRow({ type, vendor }: { type: G.GameType; vendor: G.MenuCategory['vendors'][number] }) {
  const { t } = useTranslation();
  const q = useGameRow({ gameType: type, vassalage: vendor.vassalage });
  return (
    <GameRow
      id={vendor.vassalage}
      title={`${t(`categories.${type}`)} · ${vendor.displayName}`}
      icon={categoryIcon(type)}
      more={vendorHref(type, vendor.vassalage)}
      games={q.data?.games ?? (q.isError ? [] : undefined)}
    />
  );
}

function HomeRows({ menus }: { menus: G.MenuCategory[] | undefined }) {
  const { t } = useTranslation();
  const hot = useHotGames();
  return (
    <>
      <GameRow
        id="HOT"
        title={t('categories.HOT')}
        icon="flame"
        games={hot.data ?? (hot.isError ? [] : undefined)}
        action={
          <button type="button" className="icon-btn game-row__refresh" onClick={() => void hot.refetch()} aria-label={t('home.refreshHot')} disabled={hot.isFetching}>
            <Icon name="refresh" size={16} />
          </button>
        }
      />
      {/* Rows below the first screen are drawn when scrolled near (a small first render). */}
      {menus
        ? G.homePreviewRows(menus).map(({ gameType, vendor }) => (
            <WhenNear key={vendor.vassalage} className="game-row-slot">
              <VendorRow type={gameType} vendor={vendor} />
            </WhenNear>
          ))
        : <GameRow id="loading" title={t('common.loading')} icon="slot" games={undefined} />}
    </>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const menus = useGameMenus().data;
  const categories = menuCategories(menus);
  const tab = (params.get('tab') ?? 'HOME').toUpperCase();
  const search = params.get('search') ?? '';
  const slides = useHomeSlides();
  const tablist = useRef<HTMLDivElement>(null);
  // Phones: keep the selected tab in view (the bar scrolls sideways). Measured in the next frame,
  // whose layout the browser makes anyway: measuring here would force the whole new page's layout
  // inside the render's task (the home's longest task at start).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const bar = tablist.current;
      const el = bar?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!bar || !el) return;
      const b = bar.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      if (r.left < b.left || r.right > b.right) bar.scrollBy?.({ left: r.left - b.left - (b.width - r.width) / 2 });
    });
    return () => cancelAnimationFrame(frame);
  }, [tab, categories.length]);

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          change(p);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((term: string) => update((p) => (term ? p.set('search', term) : p.delete('search'))), [update]);

  const selectTab = (next: string) => {
    if (next === 'FAV' && !session.loggedIn) {
      openLogin();
      return;
    }
    update((p) => {
      p.delete('search');
      p.delete('vassalage');
      if (next === 'HOME') p.delete('tab');
      else p.set('tab', next);
    });
  };

  const tabs = ['HOME', 'FAV', ...categories.map((c) => c.gameType)];
  const path = CATEGORIES.find((c) => c.type === tab)?.path;

  let panel;
  if (search) {
    panel = (
      <section className="game-grid-section" aria-labelledby="search-title">
        <header className="section-head">
          <h2 id="search-title" className="section-head__title">
            {t('games.resultsFor', { term: search })}
          </h2>
        </header>
        <TabGames tab={tab} search={search} />
      </section>
    );
  } else if (tab === 'HOME') {
    panel = (
      <>
        <HomeRows menus={menus} />
        {menus && <WinnerBoardSlot />}
      </>
    );
  } else if (tab === 'FAV' && !session.loggedIn) {
    panel = (
      <div className="games-empty">
        <Icon name="lock" size={32} />
        <p>{t('games.loginForFavorites')}</p>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => openLogin()}>
          {t('header.login')}
        </button>
      </div>
    );
  } else {
    panel = (
      <section className="game-grid-section" aria-labelledby="tab-title">
        <header className="section-head">
          <h2 id="tab-title" className="section-head__title">
            <Icon name={tab === 'FAV' ? 'star' : categoryIcon(tab)} size={20} /> {t(`categories.${tab}`, { defaultValue: tab })}
          </h2>
          {path && !path.startsWith('/?') && (
            <Link to={path} className="section-head__more">
              {t('common.more')} <Icon name="chevronRight" size={16} className="flip-rtl" />
            </Link>
          )}
        </header>
        <TabGames tab={tab} vassalage={params.get('vassalage') ?? undefined} />
      </section>
    );
  }

  return (
    <div className="home">
      {/* The carousel remounts with the language (its slides' text and direction change). */}
      <Banner key={language} slides={slides} />
      <NoticeMarquee />
      <AnnouncementAuto />
      <div className="home__bar">
        <div ref={tablist} className="tabs" role="tablist" aria-label={t('home.categoriesLabel')}>
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={!search && tab === k}
              className="tabs__tab"
              onClick={() => selectTab(k)}
            >
              <Icon name={k === 'HOME' ? 'home' : k === 'FAV' ? 'star' : categoryIcon(k)} size={18} />
              <span>{t(`categories.${k}`)}</span>
            </button>
          ))}
        </div>
        <SearchBox value={search} onSearch={onSearch} />
      </div>
      <div role="tabpanel" aria-label={search ? t('games.searchLabel') : t(`categories.${tab}`, { defaultValue: tab })}>
        {panel}
      </div>
      {/* below the games: its module (with the other prompts) loads when the member scrolls near */}
      <WhenNear className="rg-limits-slot">
        <LimitsLink />
      </WhenNear>
    </div>
  );
}
