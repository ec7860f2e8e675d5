/**
 * The games of a home tab other than HOME (its own chunk, loaded when such a tab or a search is
 * opened): FAV shows the favourites, a category its games as a flex grid, a search every
 * category's games whose name matches.
 */
import { useTranslation } from 'react-i18next';
import type { GameType } from '@lobby/contract';
import { FavoriteGames } from './components/MyGames';
import { PagedGames } from './components/PagedGames';
import './games.css';
import './locale';

export default function TabGames({ tab, vassalage, search }: { tab: string; vassalage?: string; search?: string }) {
  const { t } = useTranslation();
  if (search) return <PagedGames query={{ search }} empty={t('games.noMatch', { term: search })} />;
  if (tab === 'FAV') return <FavoriteGames />;
  return <PagedGames query={{ gameType: tab as GameType, vassalage }} />;
}
