/**
 * App download guides (§1, §2): iOS and Android QR codes from the brand's resources, a download
 * button, and the install steps of each system. Shown in the app-download popup (side menu,
 * footer) and under the help centre's "download" article.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { QrCode } from '@/components/QrCode';
import { useSupport } from './api';
import { guessOs, type Os } from './os';
import '@/locales/support';
import './support.css';


export function AppDownloadGuide() {
  const { t } = useTranslation();
  const { apps } = useSupport();
  const available = (['ios', 'android'] as const).filter((os) => apps[os]);
  const [pick, setPick] = useState<Os>(() => guessOs(typeof navigator === 'undefined' ? '' : navigator.userAgent));
  const os = available.includes(pick) ? pick : available[0];
  if (!os) return <p className="muted" data-testid="app-guide-none">{t('appDownload.none')}</p>;
  const url = apps[os]!;
  const steps = t(os === 'ios' ? 'appDownload.iosSteps' : 'appDownload.androidSteps', { returnObjects: true }) as unknown;
  return (
    <div className="app-guide" data-testid="app-guide">
      <p className="muted app-guide__intro">{t('appDownload.intro')}</p>
      {available.length > 1 && (
        <div className="app-guide__tabs" role="tablist" aria-label={t('appDownload.title')}>
          {available.map((o) => (
            <button key={o} type="button" role="tab" aria-selected={o === os} className={`app-guide__tab ${o === os ? 'is-on' : ''}`} onClick={() => setPick(o)}>
              <Icon name={o === 'ios' ? 'apple' : 'android'} size={18} /> {t(`appDownload.${o}`)}
            </button>
          ))}
        </div>
      )}
      <div className="app-guide__body" role="tabpanel" data-os={os}>
        <figure className="app-guide__qr">
          <QrCode value={url} label={t('appDownload.scan')} size={148} />
          <figcaption className="muted">{t('appDownload.scan')}</figcaption>
          <a className="btn btn--primary btn--sm" href={url} target="_blank" rel="noopener noreferrer">
            <Icon name="download" size={16} /> {t('appDownload.open')}
          </a>
        </figure>
        <div className="app-guide__steps">
          <h3>{t('appDownload.stepsTitle')}</h3>
          <ol>
            {(Array.isArray(steps) ? steps : []).map((s, i) => <li key={i}><span className="app-guide__n">{i + 1}</span><span>{String(s)}</span></li>)}
          </ol>
        </div>
      </div>
    </div>
  );
}

export default function AppDownloadPopup() {
  return <AppDownloadGuide />;
}

