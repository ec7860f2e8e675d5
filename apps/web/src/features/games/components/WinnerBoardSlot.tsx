/**
 * The winner board sits below the fold, so its code loads when its place comes near the
 * viewport (400 px ahead). The slot keeps the board's height, so nothing moves when it arrives.
 */
import { lazy } from 'react';
import { WhenNear } from '@/components/WhenNear';

const WinnerBoard = lazy(() => import('./WinnerBoard'));

export function WinnerBoardSlot() {
  return (
    <WhenNear className="winners-slot">
      <WinnerBoard />
    </WhenNear>
  );
}
