/**
 * Game list centre (§2): /live, /fish, /rng (?vassalage=), /pvp. Vendor tabs from the vendor
 * lanes ("All" first), a search by game name within the category, and the games 20 a page.
 */
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useVendorLanes } from './pages';
import { CATEGORIES } from './categories';
import { PagedGames } from './components/PagedGames';
import { SearchBox } from './components/SearchBox';
import './games.css';
import './locale';

export default function GameListCenter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const cat = CATEGORIES.find((c) => c.path === pathname) ?? CATEGORIES[0]!;
  const lanes = useVendorLanes();
  const cards = lanes.data?.find((l) => l.title === cat.type)?.cards ?? [];
  const vassalage = params.get('vassalage') ?? '';
  const search = params.get('search') ?? '';

  const set = useCallback(
    (key: string, value: string) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (value) p.set(key, value);
          else p.delete(key);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((term: string) => set('search', term), [set]);
  const vendor = cards.find((c) => c.vassalage === vassalage);
  const tabs = [{ vassalage: '', displayName: t('games.allVendors'), lagerIcon: '', maintenance: false }, ...cards];

  return (
    <section className="centre" aria-labelledby="centre-title">
      <header className="centre__head">
        <h1 id="centre-title" className="centre__title">
          <Icon name={cat.icon} size={26} /> {t(`categories.${cat.type}`)}
          {vendor && <span className="centre__sub">· {vendor.displayName}</span>}
        </h1>
        <SearchBox value={search} onSearch={onSearch} label={t('games.searchIn', { category: t(`categories.${cat.type}`) })} />
      </header>
      <div className="vendor-tabs" role="tablist" aria-label={t('games.vendors')}>
        {tabs.map((v) => (
          <button
            key={v.vassalage || 'all'}
            type="button"
            role="tab"
            aria-selected={v.vassalage === vassalage}
            className="vendor-tabs__tab"
            onClick={() => set('vassalage', v.vassalage)}
          >
            {v.lagerIcon ? <img src={v.lagerIcon} alt="" width="48" height="24" loading="lazy" /> : <Icon name="grid" size={18} />}
            <span>{v.displayName}</span>
            {v.maintenance && <span className="vendor-tabs__off">{t('games.maintenance')}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={vendor?.displayName ?? t('games.allVendors')}>
        <PagedGames
          query={{ gameType: cat.type, vassalage: vassalage || undefined, search: search || undefined }}
          empty={search ? t('games.noMatch', { term: search }) : undefined}
        />
      </div>
    </section>
  );
}
