/** The live chat and app download popups, registered with the popup host; each loads on first use. */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import { i18n } from '@/lib/i18n';

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    liveChat: undefined;
    appDownload: undefined;
  }
}

registerPopups({
  liveChat: { component: lazy(() => import('./LiveChatPopup')), title: () => i18n.t('popups.liveChat.title'), size: 'sm' },
  appDownload: { component: lazy(() => import('./AppDownload')), title: () => i18n.t('sideMenu.download'), size: 'md' },
});
