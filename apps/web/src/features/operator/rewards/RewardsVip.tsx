/** Rewards › VIP levels: thresholds (cumulative deposit, valid bet), the level reward and labels ES/EN. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorRewards as api } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { errMsg, ListTable, money, Notice, useOutcome } from '../ui';
import { FormActions, useEditor } from './RewardsUi';

type Row = api.VipLevelRow;
interface Form { level: number; labelES: string; labelEN: string; minDeposit: string; minValidBet: string; reward: string; isNew: boolean }
const formOf = (r: Row): Form => ({ level: r.level, labelES: r.labels.ES, labelEN: r.labels.EN, minDeposit: r.minDeposit, minValidBet: r.minValidBet, reward: r.reward, isNew: false });

export function VipLevelForm({ initial, onDone }: { initial: Form; onDone: (saved?: boolean) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Form>(initial);
  const save = useOpAction(api.saveVipLevel);
  const out = useOutcome();
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      await save.mutateAsync({ level: f.level, labels: { ES: f.labelES, EN: f.labelEN }, minDeposit: f.minDeposit.trim(), minValidBet: f.minValidBet.trim(), reward: f.reward.trim() });
      onDone(true);
    });
  };
  const title = f.isNew ? t('console.rw.addLevel', { level: f.level }) : `${t('console.rw.edit')} VIP${f.level}`;
  return (
    <form className="oc-form" onSubmit={submit} aria-label={title}>
      <h3 className="oc-wide">{title}</h3>
      <label className="oc-field"><span>{t('console.rw.labelEs')}</span><input value={f.labelES} onChange={set('labelES')} maxLength={40} required /></label>
      <label className="oc-field"><span>{t('console.rw.labelEn')}</span><input value={f.labelEN} onChange={set('labelEN')} maxLength={40} required /></label>
      <label className="oc-field"><span>{t('console.rw.minDeposit')}</span><input inputMode="decimal" value={f.minDeposit} onChange={set('minDeposit')} required /></label>
      <label className="oc-field"><span>{t('console.rw.minValidBet')}</span><input inputMode="decimal" value={f.minValidBet} onChange={set('minValidBet')} required /></label>
      <label className="oc-field"><span>{t('console.rw.rewardAmount')}</span><input inputMode="decimal" value={f.reward} onChange={set('reward')} required /></label>
      <p className="oc-wide oc-muted">{t('console.rw.vipHint')}</p>
      <FormActions pending={save.isPending} onCancel={() => onDone()} outcome={out.view} />
    </form>
  );
}

export function RewardsVip() {
  const { t } = useTranslation();
  const q = useOp(api.listVipLevels);
  const { editing, key, out, open, done } = useEditor<Form>();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data ?? [];
  const next = list.length ? list[list.length - 1].level + 1 : 0;
  return (
    <>
      {editing ? <div className="oc-rw-edit"><VipLevelForm key={key} initial={editing} onDone={done} /></div> : q.data && (
        <div className="oc-toolbar">
          <button type="button" className="oc-btn oc-primary" onClick={() => open({ level: next, labelES: `VIP${next}`, labelEN: `VIP${next}`, minDeposit: '', minValidBet: '', reward: '0', isNew: true })}>
            + {t('console.rw.addLevel', { level: next })}
          </button>
        </div>
      )}
      {out.view}
      <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.rw.level')}</th><th>{t('console.rw.labelEs')}</th><th>{t('console.rw.labelEn')}</th><th className="num">{t('console.rw.minDeposit')}</th><th className="num">{t('console.rw.minValidBet')}</th><th className="num">{t('console.rw.reward')}</th><th className="num">{t('console.rw.paid')}</th><th>{t('console.actions')}</th></>}>
        {list.map((r) => (
          <tr key={r.level} data-level={r.level}>
            <td data-label={t('console.rw.level')}><b>{r.level}</b></td>
            <td data-label={t('console.rw.labelEs')}>{r.labels.ES}</td>
            <td data-label={t('console.rw.labelEn')}>{r.labels.EN}</td>
            <td data-label={t('console.rw.minDeposit')} className="num">{money(r.minDeposit)}</td>
            <td data-label={t('console.rw.minValidBet')} className="num">{money(r.minValidBet)}</td>
            <td data-label={t('console.rw.reward')} className="num">{money(r.reward)}</td>
            <td data-label={t('console.rw.paid')} className="num">{r.paid}</td>
            <td className="oc-actions"><button type="button" className="oc-btn" onClick={() => open(formOf(r))}>{t('console.rw.edit')}</button></td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
