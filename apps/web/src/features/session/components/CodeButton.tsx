/**
 * The "send code" button (§4, §5, §8): validates the mobile (or e-mail) field first, then sends,
 * then counts down expiredMinutes × 60 s. Clicks are throttled to once a second. A failed send
 * opens a warning dialog with the server's message.
 */
import '@/features/session/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopups } from '@/components/popups';
import { countdownSeconds, useCountdown, useThrottle } from '../hooks';
import { describeError } from '../errors';

export interface CodeButtonProps {
  /** Check the destination first; return false to stop (and show the field's error). */
  validate: () => boolean;
  /** Send the code; answers the minutes the code lives. */
  send: () => Promise<{ expiredMinutes: number }>;
  /** Called after a successful send. */
  onSent?: () => void;
  label?: string;
}

export function CodeButton({ validate, send, onSent, label }: CodeButtonProps) {
  const { t } = useTranslation();
  const popups = usePopups();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const run = useThrottle(() => {
    if (sending || countdown.running) return;
    if (!validate()) return;
    setSending(true);
    send().then(
      (v) => {
        setSending(false);
        countdown.start(countdownSeconds(v.expiredMinutes));
        onSent?.();
      },
      (e) => {
        setSending(false);
        popups.open('alert', { message: describeError(e), confirmLabel: t('common.confirm') });
      },
    );
  });

  return (
    <button
      type="button"
      className="btn btn--ghost code-btn"
      onClick={() => run()}
      disabled={sending || countdown.running}
      aria-live="polite"
      data-testid="send-code"
    >
      {countdown.running ? t('auth.resendIn', { seconds: countdown.seconds }) : sending ? t('auth.sending') : (label ?? t('auth.sendCode'))}
    </button>
  );
}
