/**
 * Game centre (§2): /sports, /esports, /lott, /elott. The category's vendor cards; a card that
 * is one game (isGame 1) launches it, another opens that vendor's games here (?vassalage=).
 */
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { games } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useLaunchGame } from '@/features/play';
import type { Game } from './api';
import { useVendorLanes } from './pages';
import { CATEGORIES } from './categories';
import { PagedGames } from './components/PagedGames';
import './games.css';
import './locale';

type VendorCard = games.VendorCard;

/** The game a single-game vendor card launches. */
function cardGame(c: VendorCard): Game {
  return {
    nodeId: c.nodeId,
    gameId: c.gameCode,
    gameCode: c.gameCode,
    gameName: c.displayName,
    nodeName: c.displayName,
    gameType: c.gameType,
    vassalage: c.vassalage,
    showIcon: c.lagerIcon,
    iconUrl: c.lagerIcon,
    isHot: 0,
    supportPlay: 1,
    maintenance: c.maintenance,
  };
}

export default function GameCenter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const launch = useLaunchGame();
  const cat = CATEGORIES.find((c) => c.path === pathname) ?? CATEGORIES[0]!;
  const lanes = useVendorLanes();
  const cards = lanes.data?.find((l) => l.title === cat.type)?.cards;
  const vassalage = params.get('vassalage');
  const open = cards?.find((c) => c.vassalage === vassalage && c.isGame === 0);

  return (
    <section className="centre" aria-labelledby="centre-title">
      <header className="centre__head">
        <h1 id="centre-title" className="centre__title">
          <Icon name={cat.icon} size={26} /> {t(`categories.${cat.type}`)}
          {open && <span className="centre__sub">· {open.displayName}</span>}
        </h1>
        {open && (
          <Link to={pathname} className="btn btn--ghost btn--sm">
            {t('games.allVendors')}
          </Link>
        )}
      </header>
      {open ? (
        <PagedGames query={{ gameType: cat.type, vassalage: open.vassalage }} />
      ) : cards && cards.length === 0 ? (
        <p className="games-empty">{t('games.noVendors')}</p>
      ) : (
        <ul className="vendor-grid">
          {(cards ?? Array.from({ length: 6 }, () => null)).map((c, i) =>
            c ? (
              <li key={c.cardId} className={`vcard${c.maintenance ? ' vcard--off' : ''}`}>
                {c.isGame === 1 ? (
                  <button type="button" className="vcard__link" onClick={() => launch(cardGame(c), 'real')}>
                    <VendorCardBody card={c} action={t('games.play')} />
                  </button>
                ) : (
                  <Link to={`${pathname}?vassalage=${encodeURIComponent(c.vassalage)}`} className="vcard__link">
                    <VendorCardBody card={c} action={t('games.viewGames')} />
                  </Link>
                )}
              </li>
            ) : (
              <li key={i} className="vcard vcard--skeleton" aria-hidden="true" />
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function VendorCardBody({ card, action }: { card: VendorCard; action: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="vcard__logo">
        <img src={card.lagerIcon} alt="" width="192" height="96" loading="lazy" />
      </span>
      <span className="vcard__name">{card.displayName}</span>
      {card.maintenance ? <span className="vcard__off">{t('games.maintenance')}</span> : <span className="vcard__cta">{action}</span>}
    </>
  );
}
