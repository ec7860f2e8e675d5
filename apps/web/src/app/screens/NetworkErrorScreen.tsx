/** The "network link abnormal" screen when status cannot be read (§4): part of the first chunk, it shows offline. */
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';

export function NetworkErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="fullscreen fullscreen--error">
      <div className="fullscreen__card">
        <div className="fullscreen__icon" aria-hidden="true">
          <Icon name="info" size={40} />
        </div>
        <h1 className="fullscreen__title">{t('errorCodes.network_error')}</h1>
        <p className="fullscreen__text">{t('status.networkText')}</p>
        <button type="button" className="btn btn--primary btn--lg" onClick={onRetry}>
          <Icon name="refresh" size={20} /> {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
