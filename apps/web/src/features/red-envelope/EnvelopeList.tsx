/** The envelopes open to the member, each with its Open button; the result shows in place. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { redEnvelope as RE } from '@lobby/contract';
import { DateTime, EmptyState, FormNote, Money, apiErrorText } from '@/components/ui/kit';
import { useOpenEnvelope } from './api';
import { EnvelopeArt } from './EnvelopeArt';
import '@/locales/referral';
import './red-envelope.css';

type Opened = { id: string; amount: string; again: boolean };

export function OpenedResult({ r, onClose }: { r: Opened; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="renv-result" role="status" data-testid="red-envelope-result">
      <EnvelopeArt size={56} open />
      <p className="renv-result__amount"><Money value={r.amount} /></p>
      <p>{r.again ? t('redEnvelope.again', { amount: r.amount }) : t('redEnvelope.youGot', { amount: r.amount })}</p>
      {!r.again && <p className="muted">{t('redEnvelope.credited')}</p>}
      {onClose && <button type="button" className="btn btn--primary" onClick={onClose}>{t('redEnvelope.close')}</button>}
    </div>
  );
}

export function EnvelopeList({ list, onOpened }: { list: RE.Available[]; onOpened?: (r: Opened) => void }) {
  const { t } = useTranslation();
  const open = useOpenEnvelope();
  const [result, setResult] = useState<Opened | null>(null);
  if (result && !onOpened) return <OpenedResult r={result} onClose={() => setResult(null)} />;
  if (!list.length) return <EmptyState icon="gift" title={t('redEnvelope.none')} text={t('redEnvelope.noneText')} />;
  return (
    <>
      {open.isError && <FormNote>{apiErrorText(open.error)}</FormNote>}
      <ul className="renv-list">
        {list.map((e) => (
          <li key={e.id} className="renv-item" data-testid="red-envelope-item">
            <EnvelopeArt size={36} />
            <span className="renv-item__text">
              <strong>{e.title || (e.kind === 'agent' ? t('redEnvelope.from', { name: e.senderName }) : t('redEnvelope.fromSite'))}</strong>
              <span className="muted">
                {e.title && <>{e.kind === 'agent' ? t('redEnvelope.from', { name: e.senderName }) : t('redEnvelope.fromSite')} · </>}
                {t('redEnvelope.left', { left: e.remaining, count: e.count })}
              </span>
              <span className="muted renv-item__until">{t('redEnvelope.until')} <DateTime value={e.expiresAt} /></span>
            </span>
            <button
              type="button"
              className="btn btn--primary renv-item__open"
              disabled={open.isPending}
              onClick={() => open.mutate(e.id, {
                onSuccess: (v) => {
                  const r = { id: v.id, amount: v.amount, again: v.alreadyOpened };
                  if (onOpened) onOpened(r);
                  else setResult(r);
                },
              })}
            >
              {open.isPending && open.variables === e.id ? t('redEnvelope.opening') : t('redEnvelope.open')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
