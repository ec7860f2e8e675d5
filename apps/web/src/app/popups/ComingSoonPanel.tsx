import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';

/** A clear "coming soon" panel for popups whose real content is a later issue. */
export function ComingSoonPanel({ icon, name, onClose, children }: { icon: IconName; name: string; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="coming-soon" data-testid={`popup-placeholder-${name}`}>
      <div className="coming-soon__badge" aria-hidden="true">
        <Icon name={icon} size={28} />
      </div>
      <p className="coming-soon__tag">{t('common.comingSoon')}</p>
      <p className="coming-soon__text">{t(`popups.${name}.placeholder`)}</p>
      {children}
      <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
        {t('common.gotIt')}
      </button>
    </div>
  );
}
