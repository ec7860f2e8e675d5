/**
 * A flex grid of games of a category, vendor or search, 20 a page: the next page loads when
 * the end of the grid comes into view or on "More", never two requests closer than 300 ms.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';
import { describeError } from '@/features/session';
import type { GameQuery } from '../api';
import { useGamePages } from '../pages';
import { GameCards, SkeletonCards } from './GameCards';

export function PagedGames({ query, empty }: { query: GameQuery; empty?: string }) {
  const { t } = useTranslation();
  const q = useGamePages(query);
  const end = useRef<HTMLDivElement>(null);
  const games = q.data?.pages.flatMap((p) => p.games) ?? [];
  const total = q.data?.pages[0]?.totalCount ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = q;

  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || isFetchingNextPage || isPlaceholderData || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void fetchNextPage(), { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);

  if (q.isError && !q.data) {
    return (
      <div className="games-empty" role="alert">
        <p>{describeError(q.error)}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (q.data && games.length === 0) return <p className="games-empty">{empty ?? t('games.noGames')}</p>;
  return (
    <div className="paged" aria-busy={q.isFetching}>
      {q.data && <p className="paged__count">{t('games.count', { count: total })}</p>}
      <ul className={`game-grid${isPlaceholderData ? ' is-stale' : ''}`}>
        {q.data ? <GameCards games={games} /> : <SkeletonCards count={LIMITS.categoryPageSize} />}
        {isFetchingNextPage && <SkeletonCards count={6} />}
      </ul>
      <div ref={end} className="paged__end">
        {hasNextPage && (
          <button type="button" className="btn btn--ghost" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('common.loading') : t('games.loadMore', { shown: games.length, total })}
          </button>
        )}
      </div>
    </div>
  );
}
