/**
 * Console › Verification and risk (issue 26): the review queue (a check side by side with the
 * member's profile, its documents and risk signals; verify, or reject with a reason the member
 * reads; from the brand's level two different operators verify), pending withdrawals with the
 * member's verification and risk (those at the review score are held until cleared), and the
 * AML report (thresholds, structuring; CSV) and the brand's KYC and AML rules (owner).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kyc, risk, type kyc as K, type operator as Op } from '@lobby/contract';
import { buildUrl, requestHeaders } from '@/lib/api';
import { operator, useConsoleToken, useOp, useOpAction } from '../api';
import { Card, errMsg, money, Notice, Pager, Tabs, useOutcome, when } from '../ui';
import { Link } from 'react-router';
import { AmlReport, AmlRules } from './AmlReport';
import { MemberRiskCard, RiskSignals } from './RiskCard';
import { memberLink, RiskReviewForm } from './WithdrawalRisk';
import './locale';
import './kyc.css';

/** A document through the console token, as an object URL (images shown, PDFs opened). */
function useDocUrl(id: string) {
  const token = useConsoleToken();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    const headers = requestHeaders();
    delete headers.Authorization;
    if (token) headers[operator.SESSION_HEADER] = token;
    void fetch(buildUrl(`${kyc.OPS_DOCUMENT_PATH}/${id}`), { headers }).then(async (r) => {
      if (!r.ok || !live) return;
      made = URL.createObjectURL(await r.blob());
      setUrl(made);
    }).catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, token]);
  return url;
}

function Doc({ d }: { d: K.DocumentView }) {
  const { t } = useTranslation();
  const url = useDocUrl(d.id);
  return (
    <figure className="okyc-doc" data-kind={d.kind}>
      {d.contentType === 'application/pdf'
        ? <a className="oc-btn" href={url ?? undefined} target="_blank" rel="noreferrer">PDF ↗</a>
        : url ? <a href={url} target="_blank" rel="noreferrer"><img src={url} alt={t(`console.kyc.kinds.${d.kind}`)} /></a> : <div className="okyc-doc__ph" />}
      <figcaption>{t(`console.kyc.kinds.${d.kind}`)}</figcaption>
    </figure>
  );
}

function Review({ check, me, onDone }: { check: K.CheckView; me: Op.Me; onDone: () => void }) {
  const { t } = useTranslation();
  const member = useOp(kyc.memberKyc, { memberId: check.memberId });
  const decide = useOpAction(kyc.decide);
  const out = useOutcome();
  const [reason, setReason] = useState<K.Reason>('blurry');
  const [note, setNote] = useState('');
  const canDecide = me.permissions.includes('people.manage');
  const p = member.data?.profile;
  const act = (decision: 'verify' | 'reject') => out.run(async () => {
    const r = await decide.mutateAsync({ checkId: check.id, decision, ...(decision === 'reject' ? { reason } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
    if (r.status === 'pending') return t('console.kyc.firstDone');
    onDone();
    return t('console.done');
  });
  return (
    <div className="okyc-review" data-testid="kyc-review">
      <Card title={t('console.kyc.profile')}>
        {p ? (
          <dl className="okyc-facts">
            <dt>{t('console.kyc.username')}</dt><dd>{p.username}</dd>
            <dt>{t('console.kyc.realName')}</dt><dd>{p.realName ?? '—'}</dd>
            <dt>{t('console.kyc.statedName')}</dt><dd><b>{check.fullName ?? '—'}</b></dd>
            <dt>{t('console.kyc.birthday')}</dt><dd>{p.birthday ?? '—'}</dd>
            <dt>{t('console.kyc.statedBirth')}</dt><dd><b>{check.birthDate ?? '—'}</b></dd>
            <dt>{t('console.kyc.contact')}</dt><dd>{[p.mobile, p.email].filter(Boolean).join(' · ') || '—'}</dd>
            <dt>{t('console.kyc.joined')}</dt><dd>{when(p.createdAt)}</dd>
          </dl>
        ) : <p>{t('console.loading')}</p>}
        <MemberRiskCard memberId={check.memberId} />
      </Card>
      <Card title={`${t(`console.kyc.levels.${check.level}`)} · ${when(check.createdAt)}`}>
        <div className="okyc-docs">{check.documents.map((d) => <Doc key={d.id} d={d} />)}</div>
        {check.needsTwo && <Notice>{check.firstApprover ? t('console.kyc.waitingSecond', { name: check.firstApprover }) : t('console.kyc.needsTwo')}</Notice>}
        {canDecide && check.status === 'pending' && (
          <div className="okyc-actions">
            <button type="button" className="oc-btn oc-primary" disabled={decide.isPending} onClick={() => act('verify')} data-testid="kyc-verify">{t('console.kyc.verify')}</button>
            <select aria-label={t('console.kyc.reason')} value={reason} onChange={(e) => setReason(e.target.value as K.Reason)}>
              {kyc.REASONS.map((r) => <option key={r} value={r}>{t(`console.kyc.reasons.${r}`)}</option>)}
            </select>
            <input aria-label={t('console.kyc.note')} placeholder={t('console.kyc.note')} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
            <button type="button" className="oc-btn oc-danger" disabled={decide.isPending} onClick={() => act('reject')} data-testid="kyc-reject">{t('console.kyc.reject')}</button>
          </div>
        )}
        {out.view}
      </Card>
    </div>
  );
}

function Queue({ me }: { me: Op.Me }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'pending' | 'verified' | 'rejected'>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useOp(kyc.queue, { status, page });
  const list = q.data?.list ?? [];
  const current = list.find((c) => c.id === open);
  return (
    <>
      <Tabs value={status} onChange={(s) => { setStatus(s); setPage(1); setOpen(null); }} options={(['pending', 'verified', 'rejected'] as const).map((s) => [s, t(`console.kyc.status.${s}`)])} />
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      <div className="oc-table-wrap"><table className="oc-table oc-stack" data-testid="kyc-queue">
        <thead><tr><th>{t('console.kyc.username')}</th><th>{t('console.kyc.level')}</th><th>{t('console.kyc.sent')}</th><th>{t('console.kyc.by')}</th><th /></tr></thead>
        <tbody>{list.map((c) => (
          <tr key={c.id} data-username={c.username} className={c.id === open ? 'on' : ''}>
            <td data-label={t('console.kyc.username')}>{c.username}</td>
            <td data-label={t('console.kyc.level')}>{t(`console.kyc.levels.${c.level}`)}{c.firstApprover ? ' · 1/2' : ''}</td>
            <td data-label={t('console.kyc.sent')}>{when(c.createdAt)}</td>
            <td data-label={t('console.kyc.by')}>{c.decidedBy ?? (c.provider === 'demo' ? 'demo' : '—')}{c.reason ? ` · ${t(`console.kyc.reasons.${c.reason}`)}` : ''}</td>
            <td><button type="button" className="oc-btn" onClick={() => setOpen(c.id === open ? null : c.id)}>{t('console.kyc.open')}</button></td>
          </tr>
        ))}</tbody>
      </table></div>
      {!list.length && q.data && <p className="oc-muted">{t('console.kyc.empty')}</p>}
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
      {current && <Review key={current.id} check={current} me={me} onDone={() => setOpen(null)} />}
    </>
  );
}

function Withdrawals({ me }: { me: Op.Me }) {
  const { t } = useTranslation();
  const [only, setOnly] = useState<'all' | 'pending'>('all');
  const q = useOp(risk.withdrawals, { review: only });
  const [open, setOpen] = useState<string | null>(null);
  const canReview = me.permissions.includes('finance.withdraw');
  return (
    <>
      <Tabs value={only} onChange={setOnly} options={[['all', t('console.kyc.allPending')], ['pending', t('console.kyc.held')]]} />
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      <div className="oc-table-wrap"><table className="oc-table oc-stack" data-testid="risk-withdrawals">
        <thead><tr><th>{t('console.kyc.withdrawNo')}</th><th>{t('console.kyc.username')}</th><th className="num">{t('console.kyc.amount')}</th><th>{t('console.kyc.kyc')}</th><th>{t('console.kyc.risk')}</th><th>{t('console.kyc.review')}</th><th /></tr></thead>
        <tbody>{(q.data?.list ?? []).map((w) => (
          <tr key={w.withdrawNo} data-withdraw={w.withdrawNo} data-review={w.review}>
            <td data-label={t('console.kyc.withdrawNo')}>{w.withdrawNo}</td>
            <td data-label={t('console.kyc.username')}><Link className="oc-link" to={memberLink(w.memberId)}>{w.username}</Link></td>
            <td data-label={t('console.kyc.amount')} className="num">{money(w.amount)}</td>
            <td data-label={t('console.kyc.kyc')}>{t(`console.kyc.levels.identity`)}: {t(`console.kyc.status.${w.kyc.identity}`)} · {t(`console.kyc.levels.address`)}: {t(`console.kyc.status.${w.kyc.address}`)}</td>
            <td data-label={t('console.kyc.risk')}><span className={`oc-pill ${w.risk.score >= w.risk.reviewScore ? 'oc-pill-locked' : ''}`}>{w.risk.score}</span> {w.risk.signals.map((s) => t(`console.kyc.signals.${s.signal}`)).join(', ')}</td>
            <td data-label={t('console.kyc.review')}>{t(`console.kyc.reviewStatus.${w.review}`)}</td>
            <td><button type="button" className="oc-btn" onClick={() => setOpen(open === w.withdrawNo ? null : w.withdrawNo)}>{t('console.kyc.open')}</button></td>
          </tr>
        ))}</tbody>
      </table></div>
      {(() => {
        const w = q.data?.list.find((x) => x.withdrawNo === open);
        if (!w) return null;
        return (
          <Card title={`${w.withdrawNo} · ${w.username} · ${money(w.amount)}`}>
            <RiskSignals r={w.risk} />
            {canReview && <RiskReviewForm item={w} />}
          </Card>
        );
      })()}
    </>
  );
}

function Rules({ me }: { me: Op.Me }) {
  const { t } = useTranslation();
  const q = useOp(kyc.getSettings);
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  return q.data ? <RulesForm me={me} initial={q.data} /> : <p>{t('console.loading')}</p>;
}

function RulesForm({ me, initial }: { me: Op.Me; initial: K.Settings }) {
  const { t } = useTranslation();
  const save = useOpAction(kyc.saveSettings);
  const out = useOutcome();
  const [s, setS] = useState<K.Settings>(initial);
  const canSave = me.permissions.includes('settings.manage');
  const amount = (v: string) => (v.trim() === '' ? null : v.trim());
  return (
    <Card title={t('console.kyc.rules')}>
      <form className="okyc-rules" onSubmit={(e) => { e.preventDefault(); void out.run(async () => { setS(await save.mutateAsync(s)); return t('console.done'); }); }}>
        <label><input type="checkbox" checked={s.ageGate.deposit} onChange={(e) => setS({ ...s, ageGate: { ...s.ageGate, deposit: e.target.checked } })} /> {t('console.kyc.ageDeposit')}</label>
        <label><input type="checkbox" checked={s.ageGate.play} onChange={(e) => setS({ ...s, ageGate: { ...s.ageGate, play: e.target.checked } })} /> {t('console.kyc.agePlay')}</label>
        <label>{t('console.kyc.minAge')} <input type="number" min={16} max={25} value={s.minAge} onChange={(e) => setS({ ...s, minAge: Number(e.target.value) })} /></label>
        <label><input type="checkbox" checked={s.withdrawNeedsContact} onChange={(e) => setS({ ...s, withdrawNeedsContact: e.target.checked })} /> {t('console.kyc.contactRule')}</label>
        <label>{t('console.kyc.identityAbove')} <input inputMode="decimal" value={s.withdrawIdentityAbove ?? ''} placeholder={t('console.kyc.noRule')} onChange={(e) => setS({ ...s, withdrawIdentityAbove: amount(e.target.value) })} /></label>
        <label>{t('console.kyc.addressAbove')} <input inputMode="decimal" value={s.depositAddressAbove ?? ''} placeholder={t('console.kyc.noRule')} onChange={(e) => setS({ ...s, depositAddressAbove: amount(e.target.value) })} /></label>
        <label>{t('console.kyc.fourEyes')} <select value={s.fourEyesFrom ?? ''} onChange={(e) => setS({ ...s, fourEyesFrom: (e.target.value || null) as K.Settings['fourEyesFrom'] })}>
          <option value="">{t('console.kyc.never')}</option>
          {kyc.DOCUMENT_LEVELS.map((l) => <option key={l} value={l}>{t(`console.kyc.levels.${l}`)}</option>)}
        </select></label>
        <label>{t('console.kyc.provider')} <select value={s.provider} onChange={(e) => setS({ ...s, provider: e.target.value as K.Provider })}>
          {kyc.PROVIDERS.map((p) => <option key={p} value={p}>{t(`console.kyc.providers.${p}`)}</option>)}
        </select></label>
        <label>{t('console.kyc.expiryDays')} <input type="number" min={30} max={3650} value={s.expiryDays} onChange={(e) => setS({ ...s, expiryDays: Number(e.target.value) })} /></label>
        <label>{t('console.kyc.reviewScore')} <input type="number" min={1} max={1000} value={s.riskReviewScore} onChange={(e) => setS({ ...s, riskReviewScore: Number(e.target.value) })} /></label>
        {risk.SIGNALS.map((k) => (
          <label key={k}>{t(`console.kyc.signals.${k}`)} <input type="number" min={0} max={100} value={s.riskWeights[k]} onChange={(e) => setS({ ...s, riskWeights: { ...s.riskWeights, [k]: Number(e.target.value) } })} /></label>
        ))}
        <AmlRules value={s.aml} onChange={(aml) => setS({ ...s, aml })} />
        {canSave && <button type="submit" className="oc-btn oc-primary" disabled={save.isPending}>{t('console.kyc.save')}</button>}
      </form>
      {out.view}
    </Card>
  );
}

export function KycPage({ me }: { me: Op.Me }) {
  const { t } = useTranslation();
  type Tab = 'queue' | 'withdrawals' | 'aml' | 'rules';
  const tabs: [Tab, string][] = [['queue', t('console.kyc.queue')], ['rules', t('console.kyc.rules')]];
  if (me.permissions.includes('finance.view')) tabs.splice(1, 0, ['withdrawals', t('console.kyc.withdrawals')], ['aml', t('console.aml.title')]);
  const [tab, setTab] = useState<Tab>('queue');
  return (
    <div className="oc-page" data-testid="console-kyc">
      <h1>{t('console.menu.kyc')}</h1>
      <Tabs value={tab} onChange={setTab} options={tabs} />
      {tab === 'queue' && <Queue me={me} />}
      {tab === 'withdrawals' && <Withdrawals me={me} />}
      {tab === 'aml' && <AmlReport me={me} />}
      {tab === 'rules' && <Rules me={me} />}
    </div>
  );
}
