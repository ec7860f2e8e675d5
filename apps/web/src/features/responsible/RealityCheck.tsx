/**
 * Reality check (issue 9 item 6): for a member with an interval, a dialog every N minutes of the
 * session with the time played and the session's net result; "continue" or "log out". Loaded
 * only for logged-in members (routes.tsx MemberFloats), never on a visitor's first page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout, useSession } from '@/features/session';
import { Money } from '@/components/ui/kit';
import { responsibleKeys, useReality } from './api';
import './locale';
import './responsible.css';

/** Milliseconds until the next reminder: the next multiple of the interval since the session began. */
export function nextReminderIn(startedAt: number, intervalMin: number, now: number): number {
  const step = intervalMin * 60_000;
  const elapsed = Math.max(0, now - startedAt);
  return step - (elapsed % step);
}

export function RealityCheck() {
  const { t } = useTranslation();
  const session = useSession();
  const real = session.state === 'loggedIn' && !session.pending;
  const q = useReality(real);
  const qc = useQueryClient();
  const logout = useLogout();
  /** When the reminder opened (null = closed). */
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const open = openedAt !== null;
  const interval = q.data?.intervalMinutes ?? null;
  const started = q.data ? Date.parse(q.data.sessionStartedAt) : 0;

  useEffect(() => {
    if (!real || interval === null || open) return;
    const timer = window.setTimeout(() => {
      void qc.invalidateQueries({ queryKey: responsibleKeys.reality() });
      setOpenedAt(Date.now());
    }, nextReminderIn(started, interval, Date.now()));
    return () => window.clearTimeout(timer);
  }, [real, interval, started, open, qc]);

  if (!open || !q.data) return null;
  const minutes = Math.max(1, Math.round((openedAt - started) / 60_000));
  return (
    <div className="rg-reality" role="alertdialog" aria-modal="true" aria-labelledby="rg-reality-title" data-testid="reality-check">
      <div className="rg-reality__box">
        <h2 id="rg-reality-title">{t('responsible.reality.title')}</h2>
        <p>{t('responsible.reality.text', { n: interval })}</p>
        <dl className="rg-reality__facts">
          <dt>{t('responsible.reality.played')}</dt>
          <dd>{t('responsible.minutes', { n: minutes })}</dd>
          <dt>{t('responsible.reality.net')}</dt>
          <dd><Money value={q.data.net} signed /> {q.data.currency}</dd>
        </dl>
        <div className="rg-reality__actions">
          <button type="button" className="btn btn--ghost" onClick={() => { setOpenedAt(null); void logout(); }}>{t('responsible.reality.logout')}</button>
          <button type="button" className="btn btn--primary" onClick={() => setOpenedAt(null)} autoFocus>{t('responsible.reality.continue')}</button>
        </div>
      </div>
    </div>
  );
}
