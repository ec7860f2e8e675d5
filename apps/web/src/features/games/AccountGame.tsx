/** /favorite and /recent (§2): the member's favourite games (one page of 999) and recent games (20 a page). */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { describeError } from '@/features/session/errors';
import { useRecentGames } from './pages';
import { FavoriteGames } from './components/FavoriteGames';
import { GameCards, SkeletonCards } from './components/GameCards';
import './games.css';
import './locale';

function RecentGames() {
  const { t } = useTranslation();
  const q = useRecentGames();
  const games = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isError && !q.data) return <p className="games-empty" role="alert">{describeError(q.error)}</p>;
  if (q.data && games.length === 0) {
    return (
      <div className="games-empty">
        <Icon name="clock" size={36} />
        <p>{t('games.noRecent')}</p>
        <Link to="/rng" className="btn btn--primary btn--sm">
          {t('games.browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="game-grid">{q.data ? <GameCards games={games} /> : <SkeletonCards count={12} />}</ul>
      {q.hasNextPage && (
        <div className="paged__end">
          <button type="button" className="btn btn--ghost" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? t('common.loading') : t('common.more')}
          </button>
        </div>
      )}
    </>
  );
}

export default function AccountGame() {
  const { t } = useTranslation();
  const recent = useLocation().pathname.startsWith('/recent');
  return (
    <section className="centre" aria-labelledby="account-games-title">
      <header className="centre__head">
        <h1 id="account-games-title" className="centre__title">
          <Icon name={recent ? 'clock' : 'star'} size={26} /> {t(recent ? 'categories.RECENT' : 'categories.FAV')}
        </h1>
        <nav className="centre__switch" aria-label={t('games.myGames')}>
          <Link to="/favorite" className={`chip${recent ? '' : ' is-on'}`} aria-current={recent ? undefined : 'page'}>
            {t('categories.FAV')}
          </Link>
          <Link to="/recent" className={`chip${recent ? ' is-on' : ''}`} aria-current={recent ? 'page' : undefined}>
            {t('categories.RECENT')}
          </Link>
        </nav>
      </header>
      {recent ? <RecentGames /> : <FavoriteGames />}
    </section>
  );
}
