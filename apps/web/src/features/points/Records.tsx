/** Redeem history (§4 states) and points details (the points ledger), 10 a page. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, EmptyState, ErrorState, Pager, Panel, SkeletonRows } from '@/components/ui/kit';
import { usePointDetails, useRedeemHistory } from './api';
import { formatPoints } from './logic';

const TONE = { process: 'warn', approved: 'ok', rejected: 'bad' } as const;

export function RedeemHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useRedeemHistory(page);
  return (
    <Panel title={t('points.tab.history')} testId="points-history">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : !q.data ? <SkeletonRows rows={3} cols={3} /> : q.data.list.length === 0 ? (
        <EmptyState icon="gift" title={t('points.noHistory')} />
      ) : (
        <ul className="pm-list">
          {q.data.list.map((r) => (
            <li key={r.orderNo} className="pm-row" data-testid="redemption-row" data-status={r.status} data-order={r.orderNo}>
              <img className="pm-row__img" src={r.image} alt="" loading="lazy" />
              <div className="pm-row__main">
                <strong>{r.rewardName}</strong>
                <span className="muted pm-row__sub"><span dir="ltr">{r.orderNo}</span> · <DateTime value={r.createdAt} /></span>
                {r.kind === 'item' && <span className="muted pm-row__sub">{r.receiver} · <span dir="ltr">{r.mobile}</span> · {r.address}</span>}
                {r.remark && <span className="muted pm-row__sub">{r.remark}</span>}
              </div>
              <div className="pm-row__side">
                <span className="num pm-minus">−{formatPoints(r.points)}</span>
                <span className={`chip chip--${TONE[r.status]}`} data-status={r.status}>{t(`points.status.${r.status}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {q.data && <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />}
    </Panel>
  );
}

export function PointDetails() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = usePointDetails(page);
  return (
    <Panel title={t('points.tab.details')} testId="points-details">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : !q.data ? <SkeletonRows rows={3} cols={3} /> : q.data.list.length === 0 ? (
        <EmptyState icon="star" title={t('points.noDetails')} />
      ) : (
        <ul className="pm-list">
          {q.data.list.map((p) => {
            const plus = !p.points.startsWith('-');
            return (
              <li key={p.id} className="pm-row" data-testid="posting-row" data-kind={p.kind}>
                <div className="pm-row__main">
                  <strong>{t(`points.posting.${p.kind}`)}</strong>
                  <span className="muted pm-row__sub">
                    <DateTime value={p.createdAt} />
                    {p.ref && <> · <span dir="ltr">{p.kind === 'earn' ? t('points.bets', { count: Number(p.ref) }) : p.ref}</span></>}
                  </span>
                </div>
                <div className="pm-row__side">
                  <span className={`num ${plus ? 'pm-plus' : 'pm-minus'}`}>{plus ? '+' : '−'}{formatPoints(p.points.replace('-', ''))}</span>
                  <span className="muted num pm-row__sub">{t('points.after', { balance: formatPoints(p.balanceAfter) })}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {q.data && <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />}
    </Panel>
  );
}
