/**
 * The member's games as a grid: the favourites (FAV tab and /favorite, one page of 999, newest
 * first) and recent games (/recent, 20 a page, "More" for the next). Both show the error, or an
 * empty state that leads to the slots, or the cards.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { describeError } from '@/features/session';
import type { Game } from '../api';
import { useFavoriteGames, useRecentGames } from '../pages';
import { GameCards, SkeletonCards } from './GameCards';

/** `games` undefined: still loading; `error` set: shown instead of the grid. */
function MyGamesGrid({ games, error, icon, empty, children }: { games: Game[] | undefined; error: unknown; icon: IconName; empty: string; children?: ReactNode }) {
  const { t } = useTranslation();
  if (error) return <p className="games-empty" role="alert">{describeError(error)}</p>;
  if (games && games.length === 0) {
    return (
      <div className="games-empty">
        <Icon name={icon} size={36} />
        <p>{empty}</p>
        <Link to="/rng" className="btn btn--primary btn--sm">
          {t('games.browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="game-grid">{games ? <GameCards games={games} /> : <SkeletonCards count={12} />}</ul>
      {children}
    </>
  );
}

export function FavoriteGames() {
  const { t } = useTranslation();
  const q = useFavoriteGames();
  return <MyGamesGrid games={q.data?.content} error={q.isError && q.error} icon="star" empty={t('games.noFavorites')} />;
}

export function RecentGames() {
  const { t } = useTranslation();
  const q = useRecentGames();
  return (
    <MyGamesGrid games={q.data?.pages.flatMap((p) => p.list)} error={q.isError && !q.data && q.error} icon="clock" empty={t('games.noRecent')}>
      {q.hasNextPage && (
        <div className="paged__end">
          <button type="button" className="btn btn--ghost" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? t('common.loading') : t('common.more')}
          </button>
        </div>
      )}
    </MyGamesGrid>
  );
}
