/** The popup of the floating button: the envelopes open to the member; opening shows the amount. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { useAvailable } from './api';
import { EnvelopeList, OpenedResult } from './EnvelopeList';

export default function RedEnvelopePopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { list } = useAvailable();
  const [result, setResult] = useState<{ id: string; amount: string; again: boolean } | null>(null);
  return (
    <Modal title={t('redEnvelope.title')} onClose={onClose} size="sm" className="renv-modal">
      <div data-testid="red-envelope-popup">
        {result ? <OpenedResult r={result} onClose={() => setResult(null)} /> : <EnvelopeList list={list} onOpened={setResult} />}
        <p className="renv-modal__all"><Link to="/redEnvelope" onClick={onClose}>{t('redEnvelope.seeAll')}</Link></p>
      </div>
    </Modal>
  );
}
