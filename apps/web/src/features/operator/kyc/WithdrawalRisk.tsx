/**
 * Risk on a pending withdrawal (issue 26): the member's score and signals, a link to the member,
 * and, for a withdrawal at the brand's review score, that it is held until cleared, with the
 * clear / keep-holding form (finance.withdraw). Used by Finance › Withdrawals and the KYC page.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { risk, type risk as Risk } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { useOutcome } from '../ui';
import { RiskSignals } from './RiskCard';
import './locale';
import './kyc.css';

/** Whether the withdrawal must be cleared in the risk review before it can be paid. */
export const isHeld = (w: Risk.ReviewItem | undefined) => w?.review === 'pending' || w?.review === 'held';

/** Every pending withdrawal's risk, by withdrawal number (one call for the page). */
export function useWithdrawalRisk(enabled = true) {
  const q = useOp(risk.withdrawals, { review: 'all' }, enabled);
  const by = new Map((q.data?.list ?? []).map((w) => [w.withdrawNo, w]));
  return (withdrawNo: string) => by.get(withdrawNo);
}

/** The console's people page opened on this member. */
export const memberLink = (memberId: string) => `/console/people?member=${memberId}`;

export function RiskReviewForm({ item }: { item: Risk.ReviewItem }) {
  const { t } = useTranslation();
  const act = useOpAction(risk.review);
  const out = useOutcome();
  const [note, setNote] = useState('');
  return (
    <>
      <form className="okyc-actions" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <input aria-label={t('console.kyc.note')} placeholder={t('console.kyc.note')} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
        {(['clear', 'hold'] as const).map((d) => (
          <button key={d} type="button" className={`oc-btn ${d === 'clear' ? 'oc-primary' : 'oc-danger'}`} disabled={act.isPending || !note.trim()} data-testid={`risk-${d}`}
            onClick={() => out.run(async () => { await act.mutateAsync({ withdrawNo: item.withdrawNo, decision: d, note: note.trim() }); setNote(''); return t('console.done'); })}>
            {t(`console.kyc.${d}`)}
          </button>
        ))}
      </form>
      {out.view}
    </>
  );
}

/** The cell of a pending withdrawal row: score, signals, member link, review state; details open the evidence and the review. */
export function WithdrawalRiskCell({ item, canReview }: { item: Risk.ReviewItem | undefined; canReview: boolean }) {
  const { t } = useTranslation();
  if (!item) return <span className="oc-muted">…</span>;
  const high = item.risk.score >= item.risk.reviewScore;
  const held = isHeld(item);
  return (
    <div className="okyc-wrisk" data-testid="withdrawal-risk" data-review={item.review} data-score={item.risk.score}>
      <span className={`oc-pill ${high ? 'oc-pill-locked' : ''}`} title={t('console.kyc.score', { score: item.risk.score, review: item.risk.reviewScore })}>{t('console.kyc.risk')} {item.risk.score}</span>
      {held && <span className="oc-badge okyc-held">{t(`console.kyc.reviewStatus.${item.review}`)}</span>}
      {item.review === 'cleared' && <span className="oc-badge">{t('console.kyc.reviewStatus.cleared')}</span>}
      {item.risk.signals.length > 0 && <small className="okyc-wrisk__signals">{item.risk.signals.map((s) => t(`console.kyc.signals.${s.signal}`)).join(' · ')}</small>}
      <small>{t('console.kyc.levels.identity')}: {t(`console.kyc.status.${item.kyc.identity}`)}</small>
      <Link className="oc-link" to={memberLink(item.memberId)}>{t('console.kyc.member')} ↗</Link>
      {(item.risk.signals.length > 0 || held) && (
        <details className="okyc-wrisk__more">
          <summary>{held ? t('console.kyc.mustClear') : t('console.kyc.evidence')}</summary>
          <RiskSignals r={item.risk} />
          {canReview && item.review !== 'cleared' && (high || held) && <RiskReviewForm item={item} />}
        </details>
      )}
    </div>
  );
}
