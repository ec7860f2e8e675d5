/** Game cards of a list with the hooks they share (hearts, vendor names, launch), and skeletons. */
import { useLaunchGame } from '@/features/play';
import { useVendorName, type Game } from '../api';
import { useFavoriteToggle } from '../favorites';
import { GameCard } from './GameCard';
import './cards.css';

export function GameCards({ games }: { games: Game[] }) {
  const fav = useFavoriteToggle();
  const vendorName = useVendorName();
  const launch = useLaunchGame();
  return (
    <>
      {games.map((g) => (
        <GameCard key={g.nodeId} game={g} vendorName={vendorName(g.vassalage)} favorite={fav.isFavorite(g.nodeId)} onFavorite={fav.toggle} launch={launch} />
      ))}
    </>
  );
}

export function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="gcard gcard--skeleton" aria-hidden="true">
          <span className="gcard__art" />
          <span className="gcard__name skeleton-line" />
        </li>
      ))}
    </>
  );
}
