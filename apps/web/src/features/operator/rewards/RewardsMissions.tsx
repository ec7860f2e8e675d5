/** Rewards › Missions: the brand's missions (enabled or not), a form to add or edit one, enable/disable. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { missions as missionsApi, operatorRewards as api } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { errMsg, ListTable, money, Notice, useOutcome } from '../ui';
import { FormActions, StateAndActions, useEditor } from './RewardsUi';

type Row = api.MissionRow;
type Kind = Row['kind'];
type Period = Row['period'];
interface Form { id?: string; kind: Kind; period: Period; titleES: string; titleEN: string; target: string; reward: string; enabled: boolean; sort: string; claims: number }

const EMPTY: Form = { kind: 'validBet', period: 'daily', titleES: '', titleEN: '', target: '', reward: '', enabled: true, sort: '0', claims: 0 };
const isMoney = (k: Kind) => missionsApi.MONEY_KINDS.has(k);
const formOf = (r: Row): Form => ({ id: r.id, kind: r.kind, period: r.period, titleES: r.title.ES, titleEN: r.title.EN, target: r.target, reward: r.reward, enabled: r.enabled, sort: String(r.sort), claims: r.claims });

export function MissionForm({ initial, onDone }: { initial: Form; onDone: (saved?: boolean) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Form>(initial);
  const save = useOpAction(api.saveMission);
  const out = useOutcome();
  const locked = !!f.id && f.claims > 0;
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      await save.mutateAsync({ id: f.id, kind: f.kind, period: f.period, title: { ES: f.titleES, EN: f.titleEN }, target: f.target.trim(), reward: f.reward.trim(),
        enabled: f.enabled, sort: Number(f.sort) || 0 });
      onDone(true);
    });
  };
  return (
    <form className="oc-form" onSubmit={submit} aria-label={f.id ? t('console.rw.editMission', { id: f.id }) : t('console.rw.newMission')}>
      <h3 className="oc-wide">{f.id ? t('console.rw.editMission', { id: f.id }) : t('console.rw.newMission')}</h3>
      <label className="oc-field"><span>{t('console.rw.titleEs')}</span><input value={f.titleES} onChange={set('titleES')} maxLength={120} required /></label>
      <label className="oc-field"><span>{t('console.rw.titleEn')}</span><input value={f.titleEN} onChange={set('titleEN')} maxLength={120} required /></label>
      <label className="oc-field"><span>{t('console.rw.kind')}</span>
        <select value={f.kind} onChange={set('kind')} disabled={locked}>
          {missionsApi.MISSION_KINDS.map((k) => <option key={k} value={k}>{t(`console.rw.missionKind.${k}`)}</option>)}
        </select>
      </label>
      <label className="oc-field"><span>{t('console.rw.period')}</span>
        <select value={f.period} onChange={set('period')} disabled={locked}>
          {missionsApi.MISSION_PERIODS.map((p) => <option key={p} value={p}>{t(`console.rw.missionPeriod.${p}`)}</option>)}
        </select>
      </label>
      <label className="oc-field"><span>{isMoney(f.kind) ? t('console.rw.targetMoney') : t('console.rw.targetCount')}</span>
        <input inputMode={isMoney(f.kind) ? 'decimal' : 'numeric'} value={f.target} onChange={set('target')} required />
      </label>
      <label className="oc-field"><span>{t('console.rw.rewardAmount')}</span><input inputMode="decimal" value={f.reward} onChange={set('reward')} required /></label>
      <label className="oc-field"><span>{t('console.rw.order')}</span><input type="number" min={0} max={10000} value={f.sort} onChange={set('sort')} /></label>
      <label className="oc-field oc-check"><input type="checkbox" checked={f.enabled} onChange={(e) => setF((x) => ({ ...x, enabled: e.target.checked }))} /> <span>{t('console.rw.enabled')}</span></label>
      {locked && <p className="oc-wide oc-muted">{t('console.rw.lockedHint')}</p>}
      <FormActions pending={save.isPending} onCancel={() => onDone()} outcome={out.view} />
    </form>
  );
}

export function RewardsMissions() {
  const { t } = useTranslation();
  const q = useOp(api.listMissions);
  const toggle = useOpAction(api.setMissionEnabled);
  const { editing, key, out, open, done } = useEditor<Form>();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data ?? [];
  const fmt = (r: Row) => (isMoney(r.kind) ? money(r.target) : r.target);
  return (
    <>
      {editing ? <div className="oc-rw-edit"><MissionForm key={key} initial={editing} onDone={done} /></div> : (
        <div className="oc-toolbar"><button type="button" className="oc-btn oc-primary" onClick={() => open(EMPTY)}>+ {t('console.rw.newMission')}</button></div>
      )}
      {out.view}
      <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.rw.title')}</th><th>{t('console.rw.kind')}</th><th>{t('console.rw.period')}</th><th className="num">{t('console.rw.target')}</th><th className="num">{t('console.rw.reward')}</th><th className="num">{t('console.rw.claims')}</th><th>{t('console.rw.state')}</th><th>{t('console.actions')}</th></>}>
        {list.map((r) => (
          <tr key={r.id} data-mission={r.id} className={r.enabled ? '' : 'oc-off'}>
            <td data-label={t('console.rw.title')}><span className="oc-rw-title"><b>{r.title.ES}</b><small className="oc-muted">{r.title.EN}</small></span></td>
            <td data-label={t('console.rw.kind')}>{t(`console.rw.missionKind.${r.kind}`)}</td>
            <td data-label={t('console.rw.period')}>{t(`console.rw.missionPeriod.${r.period}`)}</td>
            <td data-label={t('console.rw.target')} className="num">{fmt(r)}</td>
            <td data-label={t('console.rw.reward')} className="num">{money(r.reward)}</td>
            <td data-label={t('console.rw.claims')} className="num">{r.claims}</td>
            <StateAndActions enabled={r.enabled} pending={toggle.isPending} onEdit={() => open(formOf(r))}
              onToggle={() => out.run(async () => { await toggle.mutateAsync({ id: r.id, enabled: !r.enabled }); return t('console.done'); })} />
          </tr>
        ))}
      </ListTable>
    </>
  );
}
