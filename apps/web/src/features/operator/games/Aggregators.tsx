/**
 * Aggregators & credentials (issue 20): the brand's game aggregators (how to reach each, import of
 * its game list into the catalog) and the seamless-wallet credentials of every partner (vendor
 * secrets, aggregator keys): show, create, rotate with an overlap, revoke.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { aggregators } from '@lobby/contract';
import './locale-aggregators';
import { useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, useOutcome, when } from '../ui';
import { Credentials } from './Credentials';

type Agg = aggregators.Aggregator;
const EMPTY = { code: '', baseUrl: '', operatorId: '', vendorPrefix: '', enabled: true };

function AggregatorForm({ initial, onDone }: { initial: typeof EMPTY; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState(initial);
  const save = useOpAction(aggregators.save);
  const out = useOutcome();
  const editing = initial.code !== '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      await save.mutateAsync({ ...f, kind: 'hub88' });
      onDone(t('console.ag.saved', { code: f.code.toUpperCase() }));
    });
  };
  return (
    <form className="oc-form" onSubmit={submit} aria-label={editing ? t('console.ag.edit', { code: f.code }) : t('console.ag.add')}>
      <h3 className="oc-wide">{editing ? t('console.ag.edit', { code: f.code }) : t('console.ag.add')}</h3>
      <label className="oc-field"><span>{t('console.ag.code')}</span>
        <input name="code" value={f.code} readOnly={editing} onChange={(e) => setF({ ...f, code: e.target.value })} placeholder="HUB88" required /></label>
      <label className="oc-field"><span>{t('console.ag.kind')}</span><select value="hub88" disabled><option value="hub88">Hub88</option></select></label>
      <label className="oc-field oc-wide"><span>{t('console.ag.baseUrl')}</span>
        <input name="baseUrl" type="url" value={f.baseUrl} onChange={(e) => setF({ ...f, baseUrl: e.target.value })} placeholder="https://api.hub88.io" required />
        <small>{t('console.ag.baseUrlHint')}</small></label>
      <label className="oc-field"><span>{t('console.ag.operatorId')}</span>
        <input name="operatorId" value={f.operatorId} onChange={(e) => setF({ ...f, operatorId: e.target.value })} required /></label>
      <label className="oc-field"><span>{t('console.ag.prefix')}</span>
        <input name="vendorPrefix" value={f.vendorPrefix} maxLength={6} onChange={(e) => setF({ ...f, vendorPrefix: e.target.value })} required />
        <small>{t('console.ag.prefixHint')}</small></label>
      <label className="oc-field oc-wide"><span><input type="checkbox" checked={f.enabled} onChange={(e) => setF({ ...f, enabled: e.target.checked })} /> {t('console.ag.enabled')}</span></label>
      <div className="oc-wide">{out.view}<button type="submit" className="oc-btn oc-primary" disabled={save.isPending}>{t('console.ag.save')}</button></div>
    </form>
  );
}

function AggregatorRow({ a, onEdit }: { a: Agg; onEdit: () => void }) {
  const { t } = useTranslation();
  const imp = useOpAction(aggregators.importCatalog);
  const out = useOutcome();
  const run = () => out.run(async () => {
    const r = await imp.mutateAsync({ code: a.code });
    return t('console.ag.imported', { games: r.lastImport?.games ?? 0, added: r.lastImport?.added ?? 0, vendors: r.lastImport?.vendors ?? 0 });
  });
  return (
    <article className="ag-item" data-code={a.code}>
      <header className="ag-head">
        <h3>{a.code} <span className="oc-pill">Hub88</span></h3>
        <span className={`oc-pill ${a.enabled ? 'oc-pill-active' : 'oc-pill-locked'}`}>{a.enabled ? t('console.ag.on') : t('console.ag.off')}</span>
        <span className={`oc-pill ${a.keysReady ? 'oc-pill-active' : 'oc-pill-locked'}`} data-testid="keys">{a.keysReady ? t('console.ag.keysReady') : t('console.ag.keysMissing')}</span>
      </header>
      <dl className="oc-dl">
        <div><dt>{t('console.ag.baseUrl')}</dt><dd><code>{a.baseUrl}</code></dd></div>
        <div><dt>{t('console.ag.operatorId')}</dt><dd>{a.operatorId}</dd></div>
        <div><dt>{t('console.ag.walletUrl')}</dt><dd><code>{a.walletUrl}</code></dd></div>
        <div><dt>{t('console.ag.vendors')}</dt><dd>{a.vendors.length ? a.vendors.join(', ') : '—'}</dd></div>
        <div><dt>{t('console.ag.lastImport')}</dt><dd data-testid="last-import">{a.lastImport
          ? t('console.ag.lastImportText', { at: when(a.lastImport.at), games: a.lastImport.games, added: a.lastImport.added })
          : t('console.ag.never')}</dd></div>
      </dl>
      {out.view}
      <div className="oc-actions ag-actions">
        <button type="button" className="oc-btn oc-primary" disabled={imp.isPending || !a.keysReady} onClick={() => void run()}>{imp.isPending ? t('console.ag.importing') : t('console.ag.import')}</button>
        <button type="button" className="oc-btn" onClick={onEdit}>{t('console.ag.editButton')}</button>
      </div>
      {!a.keysReady && <p className="oc-muted">{t('console.ag.keysHint', { code: a.code })}</p>}
    </article>
  );
}

export function Aggregators() {
  const { t } = useTranslation();
  const q = useOp(aggregators.list);
  const [editing, setEditing] = useState<typeof EMPTY | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Card title={t('console.ag.title')} actions={<button type="button" className="oc-btn" onClick={() => setEditing(EMPTY)}>{t('console.ag.add')}</button>}>
        <p className="oc-muted">{t('console.ag.intro')}</p>
        {done && <Notice kind="ok">{done}</Notice>}
        {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p>
          : q.data.length === 0 ? <p className="oc-muted">{t('console.ag.none')}</p>
            : <div className="ag-list">{q.data.map((a) => <AggregatorRow key={a.code} a={a} onEdit={() => setEditing({ code: a.code, baseUrl: a.baseUrl, operatorId: a.operatorId, vendorPrefix: a.vendorPrefix, enabled: a.enabled })} />)}</div>}
        {editing && <AggregatorForm key={editing.code || 'new'} initial={editing} onDone={(message) => { setEditing(null); setDone(message); }} />}
      </Card>
      <Credentials partners={q.data?.map((a) => a.code) ?? []} />
    </>
  );
}
