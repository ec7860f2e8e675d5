/** The contract popup, registered with the popup host; it loads on first use (issue 23 item 11). */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import { i18n } from '@/lib/i18n';

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    /** Opened by the login when its answer has contractFlags.pendingOffers > 0. */
    contractOffer: { count: number };
  }
}

registerPopups({
  contractOffer: { component: lazy(() => import('./contracts/OfferPopup')), title: () => i18n.t('popups.contractOffer.title'), size: 'md' },
});
