/** The member file's place in the downline tree: its upline chain and its direct downline (team sizes), each a link to its file. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operator, useOp } from '../api';
import { Card, errMsg, Notice, Pager, when } from '../ui';
import './locale';
import './people.css';

type Row = operator.TreeRow;

function Who({ r, onOpen }: { r: Row; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="oc-link" onClick={() => onOpen(r.id)}>{r.username}</button>
      {' '}<span className="oc-pill">{t(`console.ppl.kind.${r.kind}`)}</span>
      {r.status === 'locked' && <> <span className="oc-pill oc-pill-locked">{t('console.ppl.status.locked')}</span></>}
    </>
  );
}

export function PeopleTree({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useOp(operator.personTree, { id, page });
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const d = q.data;
  if (!d) return <p>{t('console.loading')}</p>;
  const chain = [...d.uplines].reverse();
  return (
    <div className="oc-grid2 pp-tree">
      <Card title={t('console.pmv.uplines')}>
        {chain.length === 0 ? <p className="oc-muted">{t('console.pmv.topLevel')}</p> : (
          <ol className="pp-chain" data-testid="upline-chain">
            {chain.map((u) => <li key={u.id}><Who r={u} onOpen={onOpen} /> <small className="oc-muted">{t('console.pmv.team')}: {u.teamSize}</small></li>)}
          </ol>
        )}
      </Card>
      <Card title={`${t('console.pmv.downline')} (${d.downline.total})`}>
        {d.downline.list.length === 0 ? <p className="oc-muted">{t('console.pmv.noDownline')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table oc-stack" data-testid="downline">
            <thead><tr><th>{t('console.ppl.username')}</th><th className="num">{t('console.pmv.team')}</th><th className="num">{t('console.pmv.direct')}</th><th>{t('console.ppl.joined')}</th></tr></thead>
            <tbody>{d.downline.list.map((r) => (
              <tr key={r.id}>
                <td data-label={t('console.ppl.username')}><span><Who r={r} onOpen={onOpen} /></span></td>
                <td data-label={t('console.pmv.team')} className="num">{r.teamSize}</td>
                <td data-label={t('console.pmv.direct')} className="num">{r.directSize}</td>
                <td data-label={t('console.ppl.joined')}>{when(r.createdAt)}</td>
              </tr>
            ))}</tbody>
          </table></div>
        )}
        <Pager page={page} total={d.downline.total} pageSize={d.downline.pageSize} onPage={setPage} />
      </Card>
    </div>
  );
}
