/** The brand's customer-service entries: live chat opens the chat window, the others their app. */
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { usePopups } from '@/components/popups';
import { useSupport } from './api';
import type { SupportLink } from './links';
import '@/locales/support';
import './support.css';

export function SupportButton({ link, onPick }: { link: SupportLink; onPick?: () => void }) {
  const { t } = useTranslation();
  const popups = usePopups();
  const label = t(`support.types.${link.type}`, { defaultValue: link.title });
  if (link.kind === 'chat') {
    return (
      <button type="button" className={`cs-link cs-link--${link.type.toLowerCase()}`} data-cs={link.type} onClick={() => { onPick?.(); popups.open('liveChat'); }}>
        <Icon name={link.icon} size={18} /> <span>{label}</span>
      </button>
    );
  }
  return (
    <a className={`cs-link cs-link--${link.type.toLowerCase()}`} data-cs={link.type} href={link.href} target="_blank" rel="noopener noreferrer" onClick={onPick}>
      <Icon name={link.icon} size={18} /> <span>{label}</span>
    </a>
  );
}

export function SupportLinks({ exclude, className = '' }: { exclude?: 'LIVECHAT'; className?: string }) {
  const { links } = useSupport();
  const shown = links.filter((l) => l.type !== exclude);
  if (!shown.length) return null;
  return (
    <ul className={`cs-links ${className}`} data-testid="support-links">
      {shown.map((l) => <li key={`${l.type}-${l.href}`}><SupportButton link={l} /></li>)}
    </ul>
  );
}
