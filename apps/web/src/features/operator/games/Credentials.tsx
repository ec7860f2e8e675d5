/**
 * Seamless-wallet credentials of every partner of the brand (seamless-credentials contract):
 * native vendors have an HMAC secret (shown once, at creation), aggregators (hub88) the
 * aggregator's public key and our key pair (our public key is what the aggregator needs).
 * Creating one for a partner that has live ones rotates: the old ones still work for the overlap.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seamlessCredentials as sc } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, useOutcome, when } from '../ui';

type Cred = sc.Credential;

function Key({ label, pem }: { label: string; pem: string | null }) {
  if (!pem) return null;
  return <details className="ag-key"><summary>{label}</summary><pre>{pem}</pre></details>;
}

function CreateForm({ partners, initial, onDone }: { partners: string[]; initial: { partner: string; protocol: sc.Protocol }; onDone: (secret: string | null, message: string) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ ...initial, partnerPublicKey: '', overlapHours: sc.DEFAULT_OVERLAP_HOURS });
  const create = useOpAction(sc.create);
  const out = useOutcome();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      const r = await create.mutateAsync({
        partner: f.partner.trim(), protocol: f.protocol, overlapHours: f.overlapHours,
        ...(f.protocol === 'hub88' && f.partnerPublicKey.trim() ? { partnerPublicKey: f.partnerPublicKey.trim() } : {}),
      });
      onDone(r.secret, r.ended.length ? t('console.ag.cred.rotated', { count: r.ended.length, hours: f.overlapHours }) : t('console.ag.cred.created'));
    });
  };
  return (
    <form className="oc-form" onSubmit={submit} aria-label={t('console.ag.cred.new')}>
      <h3 className="oc-wide">{t('console.ag.cred.new')}</h3>
      <label className="oc-field"><span>{t('console.ag.cred.partner')}</span>
        <input name="partner" list="ag-partners" value={f.partner} onChange={(e) => setF({ ...f, partner: e.target.value })} required />
        <datalist id="ag-partners">{partners.map((p) => <option key={p} value={p} />)}</datalist></label>
      <label className="oc-field"><span>{t('console.ag.cred.protocol')}</span>
        <select name="protocol" value={f.protocol} onChange={(e) => setF({ ...f, protocol: e.target.value as sc.Protocol })}>
          {sc.PROTOCOLS.map((p) => <option key={p} value={p}>{t(`console.ag.cred.protocols.${p}`)}</option>)}
        </select></label>
      {f.protocol === 'hub88' && (
        <label className="oc-field oc-wide"><span>{t('console.ag.cred.theirKey')}</span>
          <textarea name="partnerPublicKey" rows={4} value={f.partnerPublicKey} onChange={(e) => setF({ ...f, partnerPublicKey: e.target.value })} placeholder="-----BEGIN PUBLIC KEY-----" />
          <small>{t('console.ag.cred.theirKeyHint')}</small></label>
      )}
      <label className="oc-field"><span>{t('console.ag.cred.overlap')}</span>
        <input name="overlapHours" type="number" min={0} max={sc.MAX_OVERLAP_HOURS} value={f.overlapHours} onChange={(e) => setF({ ...f, overlapHours: Number(e.target.value) })} />
        <small>{t('console.ag.cred.overlapHint')}</small></label>
      <div className="oc-wide">{out.view}<button type="submit" className="oc-btn oc-primary" disabled={create.isPending || f.partner.trim().length < 2}>{t('console.ag.cred.create')}</button></div>
    </form>
  );
}

export function Credentials({ partners }: { partners: string[] }) {
  const { t } = useTranslation();
  const q = useOp(sc.list);
  const revoke = useOpAction(sc.revoke);
  const out = useOutcome();
  const [form, setForm] = useState<{ partner: string; protocol: sc.Protocol } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = (c: Cred) => <span className={`oc-pill ${c.status === 'current' ? 'oc-pill-active' : c.status === 'expired' ? 'oc-pill-locked' : ''}`}>{t(`console.ag.cred.status.${c.status}`)}</span>;
  return (
    <Card title={t('console.ag.cred.title')} actions={<button type="button" className="oc-btn" onClick={() => { setDone(null); setForm({ partner: partners[0] ?? '', protocol: partners.length ? 'hub88' : 'native' }); }}>{t('console.ag.cred.new')}</button>}>
      <p className="oc-muted">{t('console.ag.cred.intro')}</p>
      {secret && <div className="ag-secret" role="status"><b>{t('console.ag.cred.secretOnce')}</b><br /><code data-testid="new-secret">{secret}</code></div>}
      {done && <Notice kind="ok">{done}</Notice>}
      {out.view}
      {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : q.data.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
        <div className="oc-table-wrap"><table className="oc-table oc-stack ag-cred">
          <thead><tr><th>{t('console.ag.cred.partner')}</th><th>{t('console.ag.cred.protocol')}</th><th>{t('console.status')}</th><th>{t('console.ag.cred.keys')}</th><th>{t('console.ag.cred.createdCol')}</th><th>{t('console.ag.cred.ends')}</th><th /></tr></thead>
          <tbody>{q.data.map((c) => (
            <tr key={c.id} data-partner={c.partner} data-status={c.status}>
              <td data-label={t('console.ag.cred.partner')}><b>{c.partner}</b></td>
              <td data-label={t('console.ag.cred.protocol')}>{t(`console.ag.cred.protocols.${c.protocol}`)}</td>
              <td data-label={t('console.status')}>{status(c)}</td>
              <td data-label={t('console.ag.cred.keys')}>
                {c.secretHint && <code>{c.secretHint}</code>}
                <Key label={t('console.ag.cred.ourKey')} pem={c.ourPublicKey} />
                <Key label={t('console.ag.cred.theirKeyShort')} pem={c.partnerPublicKey} />
              </td>
              <td data-label={t('console.ag.cred.createdCol')}>{when(c.createdAt)} <small className="oc-muted">{c.createdBy}</small></td>
              <td data-label={t('console.ag.cred.ends')}>{c.expiresAt ? when(c.expiresAt) : '—'}</td>
              <td className="oc-actions">
                {c.status !== 'expired' && <>
                  <button type="button" className="oc-btn" onClick={() => { setSecret(null); setDone(null); setForm({ partner: c.partner, protocol: c.protocol }); }}>{t('console.ag.cred.rotate')}</button>
                  <button type="button" className="oc-btn oc-danger" onClick={() => {
                    if (!window.confirm(t('console.ag.cred.revokeConfirm', { partner: c.partner }))) return;
                    void out.run(async () => (await revoke.mutateAsync({ id: c.id }), t('console.ag.cred.revoked')));
                  }}>{t('console.ag.cred.revoke')}</button>
                </>}
              </td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
      {form && <CreateForm key={`${form.partner}:${form.protocol}`} partners={partners} initial={form} onDone={(s, message) => { setSecret(s); setForm(null); setDone(message); }} />}
    </Card>
  );
}
