/**
 * The side menu's "install guide" link (opens the app-download popup). Its own small module:
 * the side menu is on the first screen, the guide itself loads with the popup.
 */
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { usePopups } from '@/components/popups';
import { useSupport } from './api';

export function AppGuideButton() {
  const { t } = useTranslation();
  const { apps } = useSupport();
  const popups = usePopups();
  if (!apps.ios && !apps.android) return null;
  return (
    <button type="button" className="side-guide" onClick={() => popups.open('appDownload')}>
      <Icon name="info" size={14} /> {t('support.guide')}
    </button>
  );
}
