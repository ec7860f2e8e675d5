/** A member's risk score and signals with their evidence (console: KYC review, people, withdrawals). */
import { useTranslation } from 'react-i18next';
import { risk, type risk as Risk } from '@lobby/contract';
import { useOp } from '../api';
import { Card, errMsg, Notice } from '../ui';
import './locale';

export function RiskSignals({ r }: { r: Risk.MemberRisk }) {
  const { t } = useTranslation();
  const high = r.score >= r.reviewScore;
  return (
    <div className="okyc-risk" data-testid="risk-signals">
      <p><span className={`oc-pill ${high ? 'oc-pill-locked' : ''}`} data-testid="risk-score">{t('console.kyc.score', { score: r.score, review: r.reviewScore })}</span></p>
      {r.signals.length === 0 ? <p className="oc-muted">{t('console.kyc.noSignals')}</p> : (
        <ul className="okyc-signals">
          {r.signals.map((s) => (
            <li key={s.signal} data-signal={s.signal}>
              <b>{t(`console.kyc.signals.${s.signal}`)}</b> <small className="oc-muted">+{s.weight}</small>
              <div className="oc-muted">{s.evidence.detail}</div>
              {s.evidence.accounts.length > 0 && <div>{t('console.kyc.accounts')}: {s.evidence.accounts.join(', ')}</div>}
              {s.evidence.refs.length > 0 && <div className="okyc-refs">{s.evidence.refs.join(' · ')}</div>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MemberRiskCard({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const q = useOp(risk.member, { memberId });
  return (
    <Card title={t('console.kyc.risk')}>
      {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : q.data ? <RiskSignals r={q.data} /> : <p>{t('console.loading')}</p>}
    </Card>
  );
}
