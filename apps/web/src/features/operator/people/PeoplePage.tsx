/** People: search members and agents; a member's profile, wallet, records and sessions; lock, reset, end sessions. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { operator, useOp, useOpAction } from '../api';
import { MoveDialog } from './PeopleMove';
import { PeopleTree } from './PeopleTree';
import { MemberRiskCard } from '../kyc/RiskCard';
import { readableRef } from '@/lib/reference';
import { Card, errMsg, money, Notice, Pager, Tabs, useOutcome, when } from '../ui';

type Kind = 'all' | 'member' | 'agent';

function Person({ id, canManage, onBack, onOpen }: { id: string; canManage: boolean; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const q = useOp(operator.personDetail, { id });
  const status = useOpAction(operator.setPersonStatus);
  const reset = useOpAction(operator.resetPersonPassword);
  const end = useOpAction(operator.endPersonSessions);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const d = q.data;
  if (!d) return <p>{t('console.loading')}</p>;
  const p = d.person;
  const facts: [string, string | number][] = [
    ['username', p.username], ['status', t(`console.ppl.status.${p.status}`)], ['balance', money(p.balance)], ['email', p.email ?? '—'],
    ['language', p.language], ['parent', p.parent ?? '—'], ['downlines', p.downlines], ['joined', when(p.createdAt)], ['lastLogin', when(p.lastLoginAt)],
  ];
  return (
    <div className="oc-page">
      <button type="button" className="oc-link" onClick={onBack}>← {t('console.ppl.back')}</button>
      <h1>{p.username} <span className={`oc-pill oc-pill-${p.status}`}>{t(`console.ppl.status.${p.status}`)}</span> <span className="oc-pill">{t(`console.ppl.kind.${p.kind}`)}</span></h1>
      {canManage && (
        <div className="oc-toolbar">
          <button type="button" className={`oc-btn ${p.status === 'active' ? 'oc-danger' : ''}`} onClick={() => out.run(async () => {
            await status.mutateAsync({ id, status: p.status === 'active' ? 'locked' : 'active' });
            return t('console.done');
          })}>{p.status === 'active' ? t('console.ppl.lock') : t('console.ppl.unlock')}</button>
          <button type="button" className="oc-btn" onClick={() => out.run(async () => t('console.ppl.tempPassword', { password: (await reset.mutateAsync({ id })).temporaryPassword }))}>{t('console.ppl.reset')}</button>
          <button type="button" className="oc-btn" onClick={() => out.run(async () => t('console.ppl.ended', { count: (await end.mutateAsync({ id })).ended }))}>{t('console.ppl.endSessions')}</button>
          {p.kind !== 'trial' && <button type="button" className="oc-btn" onClick={() => { out.clear(); setMoving(true); }}>{t('console.pmv.move')}</button>}
        </div>
      )}
      {out.view}
      {moving && <MoveDialog person={p} onClose={() => setMoving(false)} onMoved={(text) => { setMoving(false); void out.run(async () => text); }} />}
      {p.kind !== 'trial' && <MemberRiskCard memberId={id} />}
      <div className="oc-grid2">
        <Card title={t('console.ppl.profile')}>
          <dl className="oc-dl">{facts.map(([k, v]) => <div key={k}><dt>{k === 'status' ? t('console.status') : t(`console.ppl.${k}`)}</dt><dd>{v}</dd></div>)}</dl>
        </Card>
        <Card title={t('console.ppl.wallets')}>
          <dl className="oc-dl">{d.wallets.map((w) => <div key={w.wallet}><dt>{w.wallet}</dt><dd>{money(w.balance)}</dd></div>)}</dl>
        </Card>
      </div>
      <PeopleTree id={id} onOpen={onOpen} />
      <Card title={t('console.ppl.records')}>
        {d.records.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table">
            <thead><tr><th>{t('console.time')}</th><th>{t('console.aud.action')}</th><th className="num">{t('console.amount')}</th><th>{t('console.ppl.ref')}</th></tr></thead>
            <tbody>{d.records.map((r) => <tr key={r.ref}><td>{when(r.at)}</td><td>{t(`console.ppl.rec.${r.kind}`, { defaultValue: r.kind.replaceAll('_', ' ') })}</td><td className="num">{money(r.amount)}</td><td title={r.ref}>{readableRef(r.ref)}</td></tr>)}</tbody>
          </table></div>
        )}
      </Card>
      <Card title={t('console.ppl.sessions')}>
        {d.sessions.length === 0 ? <p className="oc-muted">{t('console.ppl.noSessions')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table">
            <thead><tr><th>{t('console.team.ip')}</th><th>{t('console.ppl.joined')}</th><th>{t('console.ppl.lastLogin')}</th><th>UA</th></tr></thead>
            <tbody>{d.sessions.map((s) => <tr key={s.id}><td>{s.ip}</td><td>{when(s.createdAt)}</td><td>{when(s.lastSeenAt)}</td><td className="oc-ua">{s.userAgent}</td></tr>)}</tbody>
          </table></div>
        )}
      </Card>
    </div>
  );
}

export function PeoplePage({ me }: { me: operator.Me }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState({ q: '', kind: 'all' as Kind, page: 1 });
  const [params] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => (/^\d{1,18}$/.test(params.get('member') ?? '') ? params.get('member') : null)); // ?member=<id>: a link from KYC, risk or AML
  const q = useOp(operator.searchPeople, { ...(search.q ? { q: search.q } : {}), kind: search.kind, page: search.page }, open === null);
  if (open) return <Person key={open} id={open} canManage={me.permissions.includes('people.manage')} onBack={() => setOpen(null)} onOpen={setOpen} />;
  return (
    <div className="oc-page">
      <h1>{t('console.menu.people')}</h1>
      <form className="oc-toolbar" onSubmit={(e) => { e.preventDefault(); setSearch((s) => ({ ...s, q: text.trim(), page: 1 })); }}>
        <input type="search" aria-label={t('console.search')} placeholder={t('console.ppl.placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="oc-btn oc-primary">{t('console.search')}</button>
        <Tabs value={search.kind} options={[['all', t('console.ppl.all')], ['member', t('console.ppl.members')], ['agent', t('console.ppl.agents')]]} onChange={(kind) => setSearch((s) => ({ ...s, kind, page: 1 }))} />
      </form>
      <Card>
        {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : q.data.list.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table oc-stack">
            <thead><tr><th>{t('console.ppl.username')}</th><th>{t('console.status')}</th><th className="num">{t('console.ppl.balance')}</th><th>{t('console.ppl.joined')}</th><th>{t('console.ppl.lastLogin')}</th><th /></tr></thead>
            <tbody>{q.data.list.map((p) => (
              <tr key={p.id}>
                <td data-label={t('console.ppl.username')}><b>{p.username}</b>{p.nickname && <small className="oc-muted"> {p.nickname}</small>} <span className="oc-pill">{t(`console.ppl.kind.${p.kind}`)}</span></td>
                <td data-label={t('console.status')}><span className={`oc-pill oc-pill-${p.status}`}>{t(`console.ppl.status.${p.status}`)}</span></td>
                <td data-label={t('console.ppl.balance')} className="num">{money(p.balance)}</td>
                <td data-label={t('console.ppl.joined')}>{when(p.createdAt)}</td>
                <td data-label={t('console.ppl.lastLogin')}>{when(p.lastLoginAt)}</td>
                <td className="oc-actions"><button type="button" className="oc-btn" onClick={() => setOpen(p.id)}>{t('console.ppl.open')}</button></td>
              </tr>
            ))}</tbody>
          </table></div>
        )}
        {q.data && <Pager page={search.page} total={q.data.total} pageSize={q.data.pageSize} onPage={(page) => setSearch((s) => ({ ...s, page }))} />}
      </Card>
    </div>
  );
}
