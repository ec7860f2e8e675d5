/** The "Move" dialog of the member file: search the new upline by agent name, pick it, confirm; the outcome goes back to the file. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operator, useOp, useOpAction } from '../api';
import { Dialog, errMsg, money, Notice } from '../ui';
import './locale';
import './people.css';

interface Props {
  person: { id: string; username: string; parent: string | null };
  onClose: () => void;
  onMoved: (text: string) => void;
}

export function MoveDialog({ person, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<operator.PersonRow | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = useOp(operator.searchPeople, { q, kind: 'agent', page: 1 }, q !== '');
  const move = useOpAction(operator.movePerson);
  const team = useOp(operator.personTree, { id: person.id, page: 1 }).data?.self.teamSize ?? 0;
  const agents = (found.data?.list ?? []).filter((a) => a.id !== person.id);
  const submit = async () => {
    if (!target) return;
    setError(null);
    try {
      const r = await move.mutateAsync({ id: person.id, toAgentId: target.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      onMoved(t('console.pmv.done', { username: r.username, from: r.from ?? t('console.pmv.none'), to: r.to, count: r.moved, contracts: r.endedContracts }));
    } catch (e) {
      setError(errMsg(e));
    }
  };
  return (
    <Dialog title={t('console.pmv.title', { username: person.username })} onClose={onClose} buttons={<>
      <button type="button" className="oc-btn" onClick={onClose}>{t('console.pmv.cancel')}</button>
      <button type="button" className="oc-btn oc-primary" disabled={!target || move.isPending} onClick={() => void submit()}>{t('console.pmv.confirm')}</button>
    </>}>
      <p className="oc-muted">{t('console.pmv.intro', { username: person.username, team: team + 1 })}</p>
      <p>{t('console.pmv.current')}: <b>{person.parent ?? t('console.pmv.none')}</b></p>
      <form className="pp-search" onSubmit={(e) => { e.preventDefault(); setTarget(null); setQ(text.trim()); }}>
        <input type="search" aria-label={t('console.pmv.search')} placeholder={t('console.pmv.search')} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <button type="submit" className="oc-btn">{t('console.pmv.searchButton')}</button>
      </form>
      {q !== '' && (found.isError ? <Notice kind="error">{errMsg(found.error)}</Notice> : !found.data ? <p>{t('console.loading')}</p>
        : agents.length === 0 ? <p className="oc-muted">{t('console.pmv.noAgents')}</p> : (
          <ul className="pp-results" aria-label={t('console.ppl.agents')}>
            {agents.map((a) => (
              <li key={a.id} className={target?.id === a.id ? 'on' : ''}>
                <label>
                  <input type="radio" name="pp-target" checked={target?.id === a.id} onChange={() => setTarget(a)} />
                  <span><b>{a.username}</b>{a.nickname && a.nickname !== a.username && <small className="oc-muted"> {a.nickname}</small>}</span>
                  <small className="oc-muted">{money(a.balance)}</small>
                </label>
              </li>
            ))}
          </ul>
        ))}
      {target && <p>{t('console.pmv.picked')}: <b data-testid="picked">{target.username}</b></p>}
      <label className="pp-reason">{t('console.pmv.reason')}
        <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
