/** Rewards › Redemptions: the review queue of the points mall (approve; reject returns points and stock once). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorRewards as api, points as pointsApi } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { errMsg, ListTable, money, Notice, Pager, Tabs, useOutcome, when } from '../ui';

type Status = pointsApi.RedemptionStatus;

export function RewardsRedemptions() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('process');
  const [page, setPage] = useState(1);
  const q = useOp(api.listRedemptions, { status, page });
  const review = useOpAction(api.reviewRedemption);
  const out = useOutcome();
  const list = q.data?.list ?? [];
  const act = (orderNo: string, decision: 'approve' | 'reject') =>
    out.run(async () => {
      const r = await review.mutateAsync({ orderNo, decision });
      return `${orderNo}: ${t(`console.rw.status.${r.status}`)}`;
    });
  return (
    <>
      <div className="oc-toolbar">
        <Tabs value={status} options={pointsApi.REDEMPTION_STATUSES.map((s) => [s, t(`console.rw.status.${s}`)] as [Status, string])} onChange={(s) => { setStatus(s); setPage(1); }} />
      </div>
      {status === 'process' && <p className="oc-muted">{t('console.rw.rejectHint')}</p>}
      {out.view}
      {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : (
        <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.rw.order_no')}</th><th>{t('console.member')}</th><th>{t('console.rw.name')}</th><th className="num">{t('console.rw.points')}</th><th>{t('console.rw.receiver')}</th><th>{t('console.time')}</th><th>{status === 'process' ? t('console.actions') : t('console.status')}</th></>}>
          {list.map((r) => (
            <tr key={r.orderNo} data-redemption={r.orderNo}>
              <td data-label={t('console.rw.order_no')}><code>{r.orderNo}</code></td>
              <td data-label={t('console.member')}>{r.username}</td>
              <td data-label={t('console.rw.name')}>{r.rewardName}{r.voucherAmount && <> · {money(r.voucherAmount)}</>}</td>
              <td data-label={t('console.rw.points')} className="num">{r.points}</td>
              <td data-label={t('console.rw.receiver')}>{r.kind === 'item' ? <span className="oc-rw-title"><span>{r.receiver} · {r.mobile}</span><small className="oc-muted">{r.address}</small></span> : '—'}</td>
              <td data-label={t('console.time')}>{when(r.createdAt)}</td>
              <td className="oc-actions">
                {r.status === 'process' ? <>
                  <button type="button" className="oc-btn oc-primary" disabled={review.isPending} onClick={() => act(r.orderNo, 'approve')}>{t('console.rw.approve')}</button>
                  <button type="button" className="oc-btn oc-danger" disabled={review.isPending} onClick={() => act(r.orderNo, 'reject')}>{t('console.rw.reject')}</button>
                </> : <span className="oc-pill">{t(`console.rw.status.${r.status}`)} · {when(r.reviewedAt)}</span>}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
    </>
  );
}
