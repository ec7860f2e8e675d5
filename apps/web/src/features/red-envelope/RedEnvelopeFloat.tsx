/**
 * The floating red envelope (issue 7 item 9): shown to a logged-in member while an envelope is
 * open to them; a click opens the popup (loaded on demand). Nothing renders otherwise.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailable } from './api';
import { EnvelopeArt } from './EnvelopeArt';

const Popup = lazy(() => import('./RedEnvelopePopup'));

export function RedEnvelopeFloat() {
  const { t } = useTranslation();
  const { list } = useAvailable();
  const [open, setOpen] = useState(false);
  if (!list.length && !open) return null;
  return (
    <>
      {list.length > 0 && (
        <button
          type="button"
          className="renv-float"
          data-testid="red-envelope-float"
          aria-label={`${t('redEnvelopeFloat')} (${list.length})`}
          onClick={() => setOpen(true)}
          style={{ position: 'fixed', insetInlineEnd: 16, insetBlockEnd: 88, zIndex: 60, background: 'none', border: 0, padding: 0, cursor: 'pointer', filter: 'drop-shadow(0 6px 12px rgb(0 0 0 / .45))' }}
        >
          <EnvelopeArt size={48} />
          <span style={{ position: 'absolute', insetBlockStart: -6, insetInlineEnd: -6, minInlineSize: 20, padding: '0 5px', borderRadius: 10, background: '#ffcf5a', color: '#7a1015', fontWeight: 700, fontSize: 12, lineHeight: '20px', textAlign: 'center' }}>
            {list.length}
          </span>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <Popup onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
