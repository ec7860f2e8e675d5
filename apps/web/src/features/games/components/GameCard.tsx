/**
 * A game card (§3): artwork (a category icon when the image fails), Hot and maintenance
 * badges, the favourite heart, Play and, when `supportPlay` is 0, Free trial (on phones a pill
 * under the name, so it covers neither the art nor the vendor; names take two lines there).
 */
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useLaunchGame } from '@/features/play';
import type { Game } from '../api';
import { categoryIcon } from '../categories';
import type { FavoriteToggle } from '../favorites';

export interface GameCardProps {
  game: Game;
  vendorName: string;
  favorite: boolean;
  onFavorite: FavoriteToggle['toggle'];
  launch: ReturnType<typeof useLaunchGame>;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="icon">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.5 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.5 0 5.4 3.5 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const GameCard = memo(function GameCard({ game, vendorName, favorite, onFavorite, launch }: GameCardProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const name = game.gameName || game.nodeName;
  const src = game.iconUrl || game.showIcon;
  return (
    <li className={`gcard${game.maintenance ? ' gcard--off' : ''}`}>
      <div className="gcard__art">
        {src && !broken ? (
          <img src={src} alt="" loading="lazy" decoding="async" width="200" height="200" onError={() => setBroken(true)} />
        ) : (
          <span className="gcard__fallback" aria-hidden="true">
            <Icon name={categoryIcon(game.gameType)} size={40} />
          </span>
        )}
        <button type="button" className="gcard__play" onClick={() => launch(game, 'real')} aria-label={t('games.playName', { name })}>
          <span className="gcard__play-btn" aria-hidden="true">
            {t('games.play')}
          </span>
        </button>
        <span className="gcard__badges">
          {game.isHot === 1 && <span className="gcard__hot">{t('games.hot')}</span>}
          {game.maintenance && <span className="gcard__maint">{t('games.maintenance')}</span>}
        </span>
        <button
          type="button"
          className={`gcard__fav${favorite ? ' is-on' : ''}`}
          aria-pressed={favorite}
          aria-label={t(favorite ? 'games.unfavorite' : 'games.favorite', { name })}
          onClick={() => onFavorite(game)}
        >
          <Heart filled={favorite} />
        </button>
      </div>
      <p className="gcard__name" title={name}>
        {name}
      </p>
      <p className="gcard__vendor">{vendorName}</p>
      {/* Over the artwork's foot on hover; on touch screens a pill under the name, never over the art. */}
      {game.supportPlay === 0 && (
        <button type="button" className="gcard__trial" onClick={() => launch(game, 'trial')}>
          {t('games.trial')}
          {/* The accessible name starts with the visible words (axe label-content-name-mismatch). */}
          <span className="visually-hidden">: {name}</span>
        </button>
      )}
    </li>
  );
});
