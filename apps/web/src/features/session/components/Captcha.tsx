/** The captcha field (§4, §5): image from GET /wps/captcha, refreshed at most once a second. */
import '@/features/session/locale';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { call } from '@/lib/api';
import { useThrottle } from '../hooks';
import { Field } from './Field';

export interface CaptchaState {
  image: string | null;
  captchaId: string | null;
  loading: boolean;
  failed: boolean;
  /** Fetch a new image (throttled: at most once per second). Returns false when dropped. */
  refresh: () => boolean;
  /** Fetch a new image now: after a failed submit the old one is used up, so this is never dropped. */
  renew: () => void;
  /**
   * The id of the image on screen, once the one being fetched has come (a submit typed before the
   * image arrived would otherwise go without its id and fail the check). null when it failed.
   */
  ready: () => Promise<string | null>;
}

/** Loads a captcha while `active`; `refresh()` is throttled to 1 per second (§9). */
export function useCaptcha(active: boolean): CaptchaState {
  const [state, setState] = useState<{ image: string | null; captchaId: string | null; loading: boolean; failed: boolean }>({
    image: null, captchaId: null, loading: false, failed: false,
  });
  const current = useRef<Promise<string | null>>(Promise.resolve(null));
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true, failed: false }));
    current.current = call(session.captcha).then(
      (v) => {
        setState({ image: v.image, captchaId: v.captchaId, loading: false, failed: false });
        return v.captchaId;
      },
      () => {
        setState((s) => ({ ...s, loading: false, failed: true }));
        return null;
      },
    );
  }, []);
  const refresh = useThrottle(load);
  useEffect(() => {
    if (active) refresh();
  }, [active, refresh]);
  const ready = useCallback(() => current.current, []);
  return { ...state, refresh, renew: load, ready };
}

export function CaptchaField({ captcha, value, onChange, error, onBlur }: {
  captcha: CaptchaState;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.captcha')} error={error} required icon="shield" className="field--captcha">
      {(a11y) => (
        <>
          <input
            {...a11y}
            className="input"
            name="captcha"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={16}
            dir="ltr"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            placeholder={t('auth.captchaPlaceholder')}
          />
          <button
            type="button"
            className="captcha__image"
            onClick={() => captcha.refresh()}
            aria-label={t('auth.captchaRefresh')}
            title={t('auth.captchaRefresh')}
            data-testid="captcha-refresh"
          >
            {captcha.image ? <img src={captcha.image} alt={t('auth.captchaImage')} /> : <span className="captcha__empty">{captcha.failed ? '!' : '…'}</span>}
            <Icon name="refresh" size={14} className={`captcha__again ${captcha.loading ? 'is-spinning' : ''}`} />
          </button>
        </>
      )}
    </Field>
  );
}
