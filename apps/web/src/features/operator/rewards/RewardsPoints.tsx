/** Rewards › Points mall: the brand's rewards (enabled or not), a form to add or edit one, enable/disable. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorRewards as api, points as pointsApi } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { errMsg, ListTable, money, Notice, useOutcome } from '../ui';
import { FormActions, StateAndActions, useEditor } from './RewardsUi';

type Row = api.PointRewardRow;
type Kind = Row['kind'];
interface Form {
  id?: string; kind: Kind; nameES: string; nameEN: string; descES: string; descEN: string; image: string;
  cost: string; stock: string; limit: string; voucherAmount: string; enabled: boolean; sort: string;
}

const EMPTY: Form = { kind: 'item', nameES: '', nameEN: '', descES: '', descEN: '', image: '', cost: '', stock: '0', limit: '', voucherAmount: '', enabled: true, sort: '0' };
const formOf = (r: Row): Form => ({
  id: r.id, kind: r.kind, nameES: r.name.ES, nameEN: r.name.EN, descES: r.description.ES, descEN: r.description.EN, image: r.image,
  cost: String(r.cost), stock: String(r.stock), limit: r.perMemberLimit === null ? '' : String(r.perMemberLimit), voucherAmount: r.voucherAmount ?? '', enabled: r.enabled, sort: String(r.sort),
});
/** A whole number typed in a field; NaN for anything else (the server answers the field's error). */
const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

export function PointRewardForm({ initial, onDone }: { initial: Form; onDone: (saved?: boolean) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Form>(initial);
  const save = useOpAction(api.savePointReward);
  const out = useOutcome();
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      await save.mutateAsync({
        id: f.id, kind: f.kind, name: { ES: f.nameES, EN: f.nameEN }, description: { ES: f.descES, EN: f.descEN }, image: f.image.trim(),
        cost: int(f.cost), stock: int(f.stock), perMemberLimit: f.limit.trim() ? int(f.limit) : null,
        voucherAmount: f.kind === 'voucher' ? f.voucherAmount.trim() : null, enabled: f.enabled, sort: int(f.sort) || 0,
      });
      onDone(true);
    });
  };
  const title = f.id ? t('console.rw.editReward', { id: f.id }) : t('console.rw.newReward');
  return (
    <form className="oc-form" onSubmit={submit} aria-label={title} noValidate>
      <h3 className="oc-wide">{title}</h3>
      <label className="oc-field"><span>{t('console.rw.nameEs')}</span><input value={f.nameES} onChange={set('nameES')} maxLength={80} required /></label>
      <label className="oc-field"><span>{t('console.rw.nameEn')}</span><input value={f.nameEN} onChange={set('nameEN')} maxLength={80} required /></label>
      <label className="oc-field"><span>{t('console.rw.descEs')}</span><textarea rows={2} value={f.descES} onChange={set('descES')} maxLength={400} /></label>
      <label className="oc-field"><span>{t('console.rw.descEn')}</span><textarea rows={2} value={f.descEN} onChange={set('descEN')} maxLength={400} /></label>
      <label className="oc-field"><span>{t('console.rw.kind')}</span>
        <select value={f.kind} onChange={set('kind')}>
          {pointsApi.REWARD_KINDS.map((k) => <option key={k} value={k}>{t(`console.rw.rewardKind.${k}`)}</option>)}
        </select>
      </label>
      {f.kind === 'voucher' ? (
        <label className="oc-field"><span>{t('console.rw.voucherAmount')}</span><input inputMode="decimal" value={f.voucherAmount} onChange={set('voucherAmount')} required /></label>
      ) : <span className="oc-spacer" />}
      <label className="oc-field"><span>{t('console.rw.cost')}</span><input inputMode="numeric" value={f.cost} onChange={set('cost')} required /></label>
      <label className="oc-field"><span>{t('console.rw.stock')}</span><input inputMode="numeric" value={f.stock} onChange={set('stock')} required /></label>
      <label className="oc-field"><span>{t('console.rw.limit')}</span><input inputMode="numeric" value={f.limit} onChange={set('limit')} placeholder={t('console.rw.noLimit')} /><small>{t('console.rw.limitHint')}</small></label>
      <label className="oc-field"><span>{t('console.rw.order')}</span><input inputMode="numeric" value={f.sort} onChange={set('sort')} /></label>
      <label className="oc-field oc-wide"><span>{t('console.rw.image')}</span><input value={f.image} onChange={set('image')} maxLength={300} placeholder="/wps/points/art/gift.svg" /></label>
      <label className="oc-field oc-check"><input type="checkbox" checked={f.enabled} onChange={(e) => setF((x) => ({ ...x, enabled: e.target.checked }))} /> <span>{t('console.rw.enabled')}</span></label>
      <FormActions pending={save.isPending} onCancel={() => onDone()} outcome={out.view} />
    </form>
  );
}

export function RewardsPoints() {
  const { t } = useTranslation();
  const q = useOp(api.listPointRewards);
  const toggle = useOpAction(api.setPointRewardEnabled);
  const { editing, key, out, open, done } = useEditor<Form>();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data ?? [];
  return (
    <>
      {editing ? <div className="oc-rw-edit"><PointRewardForm key={key} initial={editing} onDone={done} /></div> : (
        <div className="oc-toolbar"><button type="button" className="oc-btn oc-primary" onClick={() => open(EMPTY)}>+ {t('console.rw.newReward')}</button></div>
      )}
      {out.view}
      <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.rw.name')}</th><th>{t('console.rw.kind')}</th><th className="num">{t('console.rw.cost')}</th><th className="num">{t('console.rw.stock')}</th><th className="num">{t('console.rw.limit')}</th><th className="num">{t('console.rw.redeemed')}</th><th>{t('console.rw.state')}</th><th>{t('console.actions')}</th></>}>
        {list.map((r) => (
          <tr key={r.id} data-reward={r.id} className={r.enabled ? '' : 'oc-off'}>
            <td data-label={t('console.rw.name')}>
              <span className="oc-rw-name">{r.image && <img src={r.image} alt="" width={32} height={32} loading="lazy" />}<span className="oc-rw-title"><b>{r.name.ES}</b><small className="oc-muted">{r.name.EN}</small></span></span>
            </td>
            <td data-label={t('console.rw.kind')}>{t(`console.rw.rewardKind.${r.kind}`)}{r.voucherAmount && <> · {money(r.voucherAmount)}</>}</td>
            <td data-label={t('console.rw.cost')} className="num">{r.cost}</td>
            <td data-label={t('console.rw.stock')} className="num">{r.stock}</td>
            <td data-label={t('console.rw.limit')} className="num">{r.perMemberLimit ?? '—'}</td>
            <td data-label={t('console.rw.redeemed')} className="num">{r.redeemed}</td>
            <StateAndActions enabled={r.enabled} pending={toggle.isPending} onEdit={() => open(formOf(r))}
              onToggle={() => out.run(async () => { await toggle.mutateAsync({ id: r.id, enabled: !r.enabled }); return t('console.done'); })} />
          </tr>
        ))}
      </ListTable>
    </>
  );
}
