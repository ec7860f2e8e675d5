/**
 * Responsible-gaming prompts regulators ask for (issue 26 item 5):
 * - LimitsPrompt (deposit page): before a member has any deposit limit, a prompt to set one,
 *   which "not now" hides for this member on this device; afterwards a plain limits link;
 * - LimitsLink (home): a link to the limits (the help article for a visitor);
 * - SessionClock (the game frame's bar): the session's elapsed time and net result (wins − bets)
 *   while playing, refreshed every 30 seconds.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/features/session';
import { Money } from '@/components/ui/kit';
import { useLimits, useReality } from './api';
import { dismissKey, elapsedText, hasDepositLimit } from './prompts-logic';
import './locale';
import './prompts.css';

const LIMITS = '/member?page=responsible';

export function LimitsPrompt() {
  const { t } = useTranslation();
  const session = useSession();
  const real = session.state === 'loggedIn' && !session.pending;
  const q = useLimits(real);
  const key = dismissKey(session.member?.id);
  const [dismissed, setDismissed] = useState(() => { try { return localStorage.getItem(key) === '1'; } catch { return false; } });
  if (!real || !q.data) return null;
  if (hasDepositLimit(q.data) || dismissed) {
    return <p className="rg-limits-link"><Link to={LIMITS} data-testid="rg-limits-link">{t('responsible.prompt.link')}</Link></p>;
  }
  const later = () => {
    try { localStorage.setItem(key, '1'); } catch { /* private mode: hidden for this visit */ }
    setDismissed(true);
  };
  return (
    <section className="rg-prompt" role="note" aria-labelledby="rg-prompt-title" data-testid="rg-limits-prompt">
      <h2 id="rg-prompt-title">{t('responsible.prompt.title')}</h2>
      <p>{t('responsible.prompt.text')}</p>
      <div className="rg-prompt__actions">
        <Link className="btn btn--primary btn--sm" to={LIMITS}>{t('responsible.prompt.set')}</Link>
        <button type="button" className="btn btn--ghost btn--sm" onClick={later}>{t('responsible.prompt.later')}</button>
      </div>
    </section>
  );
}

export function LimitsLink() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <p className="rg-limits-link rg-limits-link--home">
      <Link to={session.state === 'loggedIn' ? LIMITS : '/help#responsible'} data-testid="rg-home-limits">{t('responsible.prompt.homeLink')}</Link>
    </p>
  );
}

function ClockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function SessionClock() {
  const { t } = useTranslation();
  const session = useSession();
  const real = session.state === 'loggedIn' && !session.pending;
  const q = useReality(real, 30_000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!real) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [real]);
  // a round moved the balance (the live balance push): the net follows at once, not at the next poll
  const balance = session.member?.balance;
  const seen = useRef(balance);
  const { refetch } = q;
  useEffect(() => {
    if (!real || balance === seen.current) return;
    seen.current = balance;
    void refetch();
  }, [real, balance, refetch]);
  if (!real || !q.data) return null;
  const elapsed = elapsedText(Date.parse(q.data.sessionStartedAt), now);
  return (
    <span className="rg-clock" data-testid="session-clock" aria-label={t('responsible.clock.label', { time: elapsed })}>
      <span className="rg-clock__item" title={t('responsible.clock.time')}><ClockIcon /><time>{elapsed}</time></span>
      <span className="rg-clock__item" title={t('responsible.clock.net')}>{t('responsible.clock.netShort')} <Money value={q.data.net} signed /></span>
    </span>
  );
}
