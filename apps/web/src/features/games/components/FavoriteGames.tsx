/** The member's favourites as a grid (FAV tab and /favorite): one page of 999, newest first. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { describeError } from '@/features/session/errors';
import { useFavoriteGames } from '../pages';
import { GameCards, SkeletonCards } from './GameCards';

export function FavoriteGames() {
  const { t } = useTranslation();
  const q = useFavoriteGames();
  if (q.isError) return <p className="games-empty" role="alert">{describeError(q.error)}</p>;
  if (q.data && q.data.content.length === 0) {
    return (
      <div className="games-empty">
        <Icon name="star" size={36} />
        <p>{t('games.noFavorites')}</p>
        <Link to="/rng" className="btn btn--primary btn--sm">
          {t('games.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="game-grid">{q.data ? <GameCards games={q.data.content} /> : <SkeletonCards count={12} />}</ul>
  );
}
