/** The footer's customer-service column: the brand's channels, help popup, app guide, feedback. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODULES } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { usePopups } from '@/components/popups';
import { useModules } from '@/lib/system';
import { useSupport } from './api';
import { SupportLinks } from './SupportLinks';
import '@/locales/support';
import './support.css';

export function FooterSupport() {
  const { t } = useTranslation();
  const popups = usePopups();
  const modules = useModules();
  const { apps, hours } = useSupport();
  return (
    <nav className="footer__col footer-support" aria-labelledby="footer-support">
      <h2 id="footer-support">{t('support.title')}</h2>
      <SupportLinks className="cs-links--footer" />
      <ul className="footer-support__more">
        {modules.has(MODULES.help) && (
          <li><button type="button" className="linklike" onClick={() => popups.open('help', undefined)}><Icon name="help" size={14} /> {t('helpCenter.title')}</button></li>
        )}
        {modules.has(MODULES.appDownload) && (apps.ios || apps.android) && (
          <li><button type="button" className="linklike" onClick={() => popups.open('appDownload')}><Icon name="download" size={14} /> {t('support.download')}</button></li>
        )}
        {modules.has(MODULES.feedback) && (
          <li><Link to="/member?page=feedback"><Icon name="chat" size={14} /> {t('support.feedback')}</Link></li>
        )}
      </ul>
      {hours && <p className="muted footer-support__hours">{t('support.hours', { hours })}</p>}
    </nav>
  );
}
