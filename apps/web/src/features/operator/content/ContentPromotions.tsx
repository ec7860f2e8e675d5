/** Promotions with their rules (create, edit, switch off/on) and the applications waiting for review. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorContent, promotions } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { fromLocal, toLocal } from './ContentAnnouncementForm';
import { Card, errMsg, Notice, useOutcome, when } from '../ui';

type Promo = operatorContent.ContentPromotion;
const nz = (v: string) => (v.trim() && Number(v) > 0 ? v.trim() : undefined);
const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);

function initial(p: Promo | null) {
  const r = p?.rule;
  const amt = (v?: string) => (v && Number(v) > 0 ? v : '');
  return {
    category: p?.category ?? 'deposit', kind: r?.kind ?? 'deposit', period: r?.period ?? 'daily', percent: r ? String(r.bps / 100) : '',
    maxBonus: amt(r?.maxBonus), minDeposit: amt(r?.minDeposit), minValidBet: amt(r?.minValidBet), fixedAmount: amt(r?.fixedAmount),
    turnoverMultiple: r ? String(r.turnoverMultiple) : '1', withinDays: r?.withinDays ? String(r.withinDays) : '', gameTypes: r?.gameTypes.join(', ') ?? '',
    prizes: r?.prizes.join(', ') ?? '', titleES: p?.title.ES ?? '', titleEN: p?.title.EN ?? '', summaryES: p?.summary.ES ?? '', summaryEN: p?.summary.EN ?? '',
    contentES: p?.content.ES ?? '', contentEN: p?.content.EN ?? '', image: p?.image ?? '', sort: String(p?.sort ?? 0),
    startsAt: toLocal(p?.startsAt ?? new Date().toISOString()), endsAt: toLocal(p?.endsAt),
  };
}

function PromotionForm({ item, onDone }: { item: Promo | null; onDone: (saved?: Promo) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState(() => initial(item));
  const save = useOpAction(operatorContent.savePromotion);
  const out = useOutcome();
  const set = (k: keyof typeof f) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setF({ ...f, [k]: e.target.value });
  const field = (k: keyof typeof f, label: string, o: { type?: string; hint?: string; wide?: boolean } = {}) => (
    <label className={`oc-field${o.wide ? ' oc-wide' : ''}`}><span>{t(`console.content.promo.${label}`)}</span>
      <input type={o.type ?? 'text'} inputMode={o.type === 'number' ? 'decimal' : undefined} value={f[k]} onChange={set(k)} />
      {o.hint && <small>{t(`console.content.promo.${o.hint}`)}</small>}
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      const pct = f.percent.trim() ? Math.round(Number(f.percent) * 100) : undefined;
      const saved = await save.mutateAsync({
        id: item?.id,
        promotion: {
          category: f.category as Exclude<promotions.PromotionCategory, 'all'>,
          rule: {
            kind: f.kind as promotions.RuleKind, period: f.period as (typeof promotions.PERIODS)[number], bps: pct, maxBonus: nz(f.maxBonus), minDeposit: nz(f.minDeposit),
            minValidBet: nz(f.minValidBet), fixedAmount: nz(f.fixedAmount), turnoverMultiple: f.turnoverMultiple ? Number(f.turnoverMultiple) : undefined,
            withinDays: f.withinDays ? Number(f.withinDays) : undefined, gameTypes: list(f.gameTypes).map((g) => g.toUpperCase()), prizes: list(f.prizes),
          },
          title: { ES: f.titleES, EN: f.titleEN }, summary: { ES: f.summaryES, EN: f.summaryEN }, content: { ES: f.contentES, EN: f.contentEN },
          image: f.image.trim(), sort: Number(f.sort) || 0, startsAt: fromLocal(f.startsAt) ?? new Date().toISOString(), endsAt: fromLocal(f.endsAt),
        },
      });
      onDone(saved);
    });
  };
  return (
    <form className="oc-form oc-content-form" onSubmit={submit} aria-label={t('console.content.promo.form')}>
      <h3 className="oc-wide">{t(item ? 'console.content.edit' : 'console.content.promo.new')}</h3>
      <label className="oc-field"><span>{t('console.content.promo.category')}</span>
        <select value={f.category} onChange={set('category')}>{promotions.PROMOTION_TYPES.filter((c) => c !== 'all').map((c) => <option key={c} value={c}>{c}</option>)}</select>
      </label>
      <label className="oc-field"><span>{t('console.content.promo.kind')}</span>
        <select value={f.kind} onChange={set('kind')}>{promotions.RULE_KINDS.map((k) => <option key={k} value={k}>{t(`console.content.promo.kinds.${k}`)}</option>)}</select>
      </label>
      <label className="oc-field"><span>{t('console.content.promo.period')}</span>
        <select value={f.period} onChange={set('period')}>{promotions.PERIODS.map((k) => <option key={k} value={k}>{t(`console.content.promo.periods.${k}`)}</option>)}</select>
      </label>
      {field('percent', 'percent', { type: 'number', hint: 'percentHint' })}
      {field('maxBonus', 'maxBonus')}
      {field('minDeposit', 'minDeposit')}
      {field('minValidBet', 'minValidBet')}
      {field('fixedAmount', 'fixedAmount')}
      {field('turnoverMultiple', 'turnoverMultiple', { type: 'number' })}
      {field('withinDays', 'withinDays', { type: 'number' })}
      {field('gameTypes', 'gameTypes', { hint: 'listHint' })}
      {field('prizes', 'prizes', { hint: 'listHint' })}
      {field('titleES', 'titleES')}
      {field('titleEN', 'titleEN')}
      {field('summaryES', 'summaryES')}
      {field('summaryEN', 'summaryEN')}
      {(['contentES', 'contentEN'] as const).map((k) => (
        <label key={k} className="oc-field oc-wide"><span>{t(`console.content.promo.${k}`)}</span>
          <textarea rows={4} value={f[k]} onChange={set(k)} spellCheck={false} /><small>{t('console.content.bodyHint')}</small>
        </label>
      ))}
      {field('image', 'image', { wide: true })}
      <label className="oc-field"><span>{t('console.content.startsAt')}</span><input type="datetime-local" value={f.startsAt} onChange={set('startsAt')} required /></label>
      <label className="oc-field"><span>{t('console.content.endsAt')}</span><input type="datetime-local" value={f.endsAt} onChange={set('endsAt')} /></label>
      {field('sort', 'sort', { type: 'number' })}
      <div className="oc-wide">{out.view}</div>
      <div className="oc-wide oc-toolbar">
        <button type="submit" className="oc-btn oc-primary" disabled={save.isPending || !(f.titleES || f.titleEN)}>{t('console.content.save')}</button>
        <button type="button" className="oc-btn" onClick={() => onDone()}>{t('console.content.cancel')}</button>
      </div>
    </form>
  );
}

const ruleText = (p: Promo, t: (k: string) => string) => {
  const r = p.rule;
  const parts = [t(`console.content.promo.kinds.${r.kind}`), t(`console.content.promo.periods.${r.period}`)];
  if (r.bps) parts.push(`${r.bps / 100}%`);
  if (Number(r.fixedAmount) > 0) parts.push(r.fixedAmount);
  if (r.turnoverMultiple) parts.push(`×${r.turnoverMultiple}`);
  return parts.join(' · ');
};

function Applications() {
  const { t } = useTranslation();
  const q = useOp(promotions.operatorApplications, {});
  const review = useOpAction(promotions.operatorReview);
  const out = useOutcome();
  const act = (claimId: string, approve: boolean) => void out.run(async () => {
    await review.mutateAsync({ claimId, approve });
    return t(approve ? 'console.content.promo.approved' : 'console.content.promo.rejected');
  });
  const rows = q.data?.list ?? [];
  return (
    <Card title={t('console.content.promo.applications')}>
      {out.view}
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      {!rows.length && !q.isPending && <p className="oc-muted">{t('console.empty')}</p>}
      {!!rows.length && (
        <div className="oc-table-wrap"><table className="oc-table oc-stack">
          <thead><tr><th>{t('console.content.promo.member')}</th><th>{t('console.content.title')}</th><th>{t('console.amount')}</th><th>{t('console.content.promo.applied')}</th><th /></tr></thead>
          <tbody>{rows.map((a) => (
            <tr key={a.id}>
              <td data-label={t('console.content.promo.member')}><b>{a.username}</b></td>
              <td data-label={t('console.content.title')}>{a.title}</td>
              <td data-label={t('console.amount')}>{a.amount}</td>
              <td data-label={t('console.content.promo.applied')}>{when(a.createdAt)}</td>
              <td className="oc-actions">
                <button type="button" className="oc-btn oc-primary" onClick={() => act(a.id, true)}>{t('console.confirm')}</button>
                <button type="button" className="oc-btn oc-danger" onClick={() => act(a.id, false)}>{t('console.reject')}</button>
              </td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
    </Card>
  );
}

export function ContentPromotions() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.toUpperCase().startsWith('EN') ? 'EN' : 'ES';
  const q = useOp(operatorContent.listPromotions);
  const enable = useOpAction(promotions.operatorSetEnabled);
  const [editing, setEditing] = useState<Promo | 'new' | null>(null);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const rows = q.data?.list ?? [];
  return (
    <>
      <Card title={t('console.content.tabs.promotions')} actions={<button type="button" className="oc-btn oc-primary" onClick={() => setEditing('new')}>{t('console.content.promo.new')}</button>}>
        {out.view}
        {editing && <PromotionForm key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing}
          onDone={(saved) => { setEditing(null); if (saved) void out.run(async () => t('console.content.savedMsg', { title: saved.title[lang] ?? saved.title.ES ?? saved.title.EN })); }} />}
        <div className="oc-table-wrap"><table className="oc-table oc-stack oc-content-table">
          <thead><tr><th>{t('console.content.title')}</th><th>{t('console.content.promo.category')}</th><th>{t('console.content.promo.rule')}</th><th>{t('console.content.schedule')}</th><th>{t('console.status')}</th><th /></tr></thead>
          <tbody>{rows.map((p) => (
            <tr key={p.id}>
              <td data-label={t('console.content.title')}><b>{p.title[lang] || p.title.ES || p.title.EN}</b>{p.pending > 0 && <span className="oc-badge">{p.pending}</span>}</td>
              <td data-label={t('console.content.promo.category')}>{p.category}</td>
              <td data-label={t('console.content.promo.rule')}>{ruleText(p, t)}</td>
              <td data-label={t('console.content.schedule')}>{when(p.startsAt)} → {when(p.endsAt)}</td>
              <td data-label={t('console.status')}><span className={`oc-pill oc-pill-${p.enabled ? 'active' : 'locked'}`}>{t(p.enabled ? 'console.content.state.live' : 'console.content.state.off')}</span></td>
              <td className="oc-actions">
                <button type="button" className="oc-btn" onClick={() => void out.run(async () => {
                  await enable.mutateAsync({ id: p.id, enabled: !p.enabled });
                  return t('console.done');
                })}>{t(p.enabled ? 'console.content.disable' : 'console.content.enable')}</button>
                <button type="button" className="oc-btn" onClick={() => setEditing(p)}>{t('console.content.edit')}</button>
              </td>
            </tr>
          ))}</tbody>
        </table></div>
      </Card>
      <Applications />
    </>
  );
}
