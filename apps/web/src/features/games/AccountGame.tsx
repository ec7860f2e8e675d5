/** /favorite and /recent (§2): the member's favourite games (one page of 999) and recent games (20 a page). */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { FavoriteGames, RecentGames } from './components/MyGames';
import './games.css';
import './locale';

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
          <Link to="/favorite" className={`centre__tab${recent ? '' : ' is-on'}`} aria-current={recent ? undefined : 'page'}>
            {t('categories.FAV')}
          </Link>
          <Link to="/recent" className={`centre__tab${recent ? ' is-on' : ''}`} aria-current={recent ? 'page' : undefined}>
            {t('categories.RECENT')}
          </Link>
        </nav>
      </header>
      {recent ? <RecentGames /> : <FavoriteGames />}
    </section>
  );
}
