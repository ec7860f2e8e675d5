/** The help popup, registered with the popup host; it loads on first use. */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import { i18n } from '@/lib/i18n';

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    help: { term?: string } | undefined;
  }
}

registerPopups({
  help: { component: lazy(() => import('./HelpPopup')), title: () => i18n.t('pages.help.title'), size: 'lg' },
});
