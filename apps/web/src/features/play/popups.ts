/** The game popup, registered with the popup host; it loads on first use. */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import type { GamePopupProps } from './launch';

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    game: GamePopupProps;
  }
}

registerPopups({
  // The game frame has its own close, fullscreen and Escape; a stray backdrop click must not end it.
  game: { component: lazy(() => import('./GamePopup')), size: 'xl', dismissible: () => false },
});
