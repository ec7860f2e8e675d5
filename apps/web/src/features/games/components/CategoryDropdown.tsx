/**
 * A category's vendors under the header bar (shown on hover or keyboard focus by CSS); above
 * 10 vendors the large dropdown, a wide grid with logos. Its own chunk: loaded the first time
 * the pointer or focus reaches the category menu.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { games } from '@lobby/contract';
import { isLargeDropdown, vendorHref } from '../logic';
import './catmenu.css';

export default function CategoryDropdown({ menu }: { menu: games.MenuCategory }) {
  const { t } = useTranslation();
  return (
    <div className={`catmenu${isLargeDropdown(menu) ? ' catmenu--large' : ''}`} data-testid={`catmenu-${menu.gameType}`}>
      <ul className="catmenu__list">
        {menu.vendors.map((v) => (
          <li key={v.vassalage}>
            <Link to={vendorHref(menu.gameType, v.vassalage)} className="catmenu__vendor">
              <img src={v.lagerIcon} alt="" width="64" height="32" loading="lazy" />
              <span>{v.displayName}</span>
              {v.maintenance && <small className="catmenu__off">{t('games.maintenance')}</small>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
