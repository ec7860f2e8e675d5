/** The notice and announcement popups, registered with the popup host; each loads on first use. */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import { i18n } from '@/lib/i18n';

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    notice: undefined;
    announcement: undefined;
  }
}

registerPopups({
  notice: { component: lazy(() => import('./NoticePopup')), title: () => i18n.t('popups.notice.title'), size: 'md' },
  announcement: { component: lazy(() => import('./AnnouncementPopup')), title: () => i18n.t('annHome.popupTitle'), size: 'lg' },
});
