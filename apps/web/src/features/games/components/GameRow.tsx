/**
 * A home row (§2, §9): a title with a More link over a horizontal strip of cards, 6 per view
 * (7 at 1920 px and wider), in 2 rows when there are more than 6; arrows page through it and
 * phones scroll it by touch. It draws the cards of its first view (two rows of up to 7) and the
 * rest when the strip is scrolled near them, so the home's first render stays small.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';
import { Icon, type IconName } from '@/components/icons';
import { useNear } from '@/components/WhenNear';
import type { Game } from '../api';
import { GameCards, SkeletonCards } from './GameCards';

/** Cards drawn before the strip is scrolled: two rows of the view (up to 7 a row wide, about 4 on phones). */
const firstCards = () => (typeof window !== 'undefined' && window.innerWidth < 768 ? 8 : 14);

export function GameRow({ id, title, icon, more, games, action }: {
  id: string;
  title: string;
  icon: IconName;
  more?: string;
  games: Game[] | undefined;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const [first] = useState(firstCards);
  const hasMore = !!games && games.length > first;
  // the rest once the strip is scrolled within 400 px of them
  const all = useNear(sentinel, { root: strip, margin: '0px 400px', active: hasMore });
  if (games && games.length === 0) return null;
  const page = (dir: 1 | -1) => {
    const el = strip.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: dir * rtl * el.clientWidth, behavior: 'smooth' });
  };
  const twoRows = !games || games.length > LIMITS.swiperPerView;
  return (
    <section className="game-row" aria-labelledby={`row-${id}`}>
      <header className="section-head">
        <h2 id={`row-${id}`} className="section-head__title">
          <Icon name={icon} size={20} /> {title}
        </h2>
        {action}
        <span className="game-row__arrows">
          <button type="button" className="icon-btn" onClick={() => page(-1)} aria-label={t('games.previous')}>
            <Icon name="chevronRight" size={18} className="flip-rtl game-row__prev" />
          </button>
          <button type="button" className="icon-btn" onClick={() => page(1)} aria-label={t('games.next')}>
            <Icon name="chevronRight" size={18} className="flip-rtl" />
          </button>
        </span>
        {more && (
          <Link to={more} className="section-head__more">
            {t('common.more')} <Icon name="chevronRight" size={16} className="flip-rtl" />
          </Link>
        )}
      </header>
      <ul ref={strip} className={`game-row__strip${twoRows ? ' game-row__strip--2' : ''}`}>
        {games ? <GameCards games={all ? games : games.slice(0, first)} /> : <SkeletonCards count={LIMITS.swiperPerView * 2} />}
        {hasMore && !all && <li ref={sentinel} className="game-row__sentinel" aria-hidden="true" />}
      </ul>
    </section>
  );
}
