/**
 * Finance tabs of payments through providers (issue 22): deposit history of every state with
 * filters, totals and CSV; the provider serving each deposit channel and the payout provider;
 * reconciliation of a provider's settlement report for a day, each mismatch resolvable with a reason.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payments } from '@lobby/contract';
import { useOp, useOpAction } from '../api';
import { errMsg, ListTable, money, Notice, Pager, useOutcome, when } from '../ui';
import { clean, HistoryFilters, type Filter } from './history-filters';

const STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'rejected', 'paid', 'failed', 'charged_back'];

export function DepositHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const q = useOp(payments.depositHistory, { ...clean(filter), page } as never);
  const list = q.data?.list ?? [];
  return (
    <>
      <HistoryFilters statuses={STATUSES} csvPath={payments.DEPOSITS_CSV_PATH} csvName="deposits.csv" prefix="hist" applied={filter}
        onApply={(f) => { setPage(1); setFilter(f); }} />
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      {q.data && (
        <p className="oc-muted" data-testid="hist-totals">
          {t('console.pay.totals', { count: q.data.totals.count, amount: money(q.data.totals.amount), confirmed: money(q.data.totals.confirmedAmount) })}
        </p>
      )}
      <ListTable loaded={!!q.data} empty={list.length === 0} testId="hist-table" head={<><th>{t('console.fin.order')}</th><th>{t('console.member')}</th><th>{t('console.fin.channel')}</th><th>{t('console.pay.provider')}</th><th className="num">{t('console.amount')}</th><th>{t('console.pay.status')}</th><th>{t('console.time')}</th></>}>
        {list.map((o) => (
          <tr key={o.orderNo}>
            <td data-label={t('console.fin.order')}><code>{o.orderNo}</code></td>
            <td data-label={t('console.member')}>{o.username}</td>
            <td data-label={t('console.fin.channel')}>{o.method} · {o.channel}</td>
            <td data-label={t('console.pay.provider')}>{t(`console.pay.providers.${o.provider}`, { defaultValue: o.provider })}</td>
            <td data-label={t('console.amount')} className="num">{money(o.amount)}{o.shortfall !== '0.00' && <small className="oc-danger-text"> −{money(o.shortfall)}</small>}</td>
            <td data-label={t('console.pay.status')}>
              {t(`console.pay.st.${o.status}`, { defaultValue: o.status })}
              {o.paymentStatus && o.paymentStatus !== 'paid' && <small className="oc-muted"> · {t(`console.pay.st.${o.paymentStatus}`, { defaultValue: o.paymentStatus })}</small>}
              {o.flag && <small className="oc-danger-text"> · {o.flag}</small>}
            </td>
            <td data-label={t('console.time')}>{when(o.createdAt)}</td>
          </tr>
        ))}
      </ListTable>
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
    </>
  );
}

export function ProviderChannels({ canRules }: { canRules: boolean }) {
  const { t, i18n } = useTranslation();
  const q = useOp(payments.channels);
  const set = useOpAction(payments.setChannel);
  const setPayout = useOpAction(payments.setPayoutProvider);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const d = q.data;
  if (!d) return <p>{t('console.loading')}</p>;
  const lang = i18n.language.startsWith('en') ? 'EN' : 'ES';
  return (
    <>
      {out.view}
      <div className="oc-table-wrap">
        <table className="oc-table oc-stack" data-testid="channels-table">
          <thead><tr><th>{t('console.pay.method')}</th><th>{t('console.fin.channel')}</th><th className="num">{t('console.pay.range')}</th><th>{t('console.pay.provider')}</th></tr></thead>
          <tbody>
            {d.channels.map((c) => (
              <tr key={`${c.method}/${c.channel}`}>
                <td data-label={t('console.pay.method')}>{c.methodName[lang]}</td>
                <td data-label={t('console.fin.channel')}>{c.channelName}</td>
                <td data-label={t('console.pay.range')} className="num">{money(c.min)} – {money(c.max)}</td>
                <td data-label={t('console.pay.provider')}>
                  <select value={c.provider} disabled={!canRules || set.isPending} data-testid={`provider-${c.method}-${c.channel}`}
                    onChange={(e) => out.run(async () => { await set.mutateAsync({ method: c.method, channel: c.channel, provider: e.target.value as payments.Provider, enabled: true }); return t('console.done'); })}>
                    {d.providers.map((p) => <option key={p} value={p}>{t(`console.pay.providers.${p}`)}</option>)}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label className="oc-field"><span>{t('console.pay.payoutProvider')}</span>
        <select value={d.payoutProvider ?? 'manual'} disabled={!canRules || setPayout.isPending} data-testid="payout-provider"
          onChange={(e) => out.run(async () => { await setPayout.mutateAsync({ provider: e.target.value as payments.Provider }); return t('console.done'); })}>
          {d.providers.map((p) => <option key={p} value={p}>{t(`console.pay.providers.${p}`)}</option>)}
        </select>
      </label>
      <p className="oc-muted">{t('console.pay.webhooks')}</p>
      <ul className="oc-muted">{Object.entries(d.webhookUrls).map(([p, u]) => <li key={p}><b>{p}</b>: <code>{u}</code></li>)}</ul>
    </>
  );
}

export function Settlement({ canResolve }: { canResolve: boolean }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const [provider, setProvider] = useState<'demo' | 'stripe'>('demo');
  const run = useOpAction(payments.runReconciliation);
  const items = useOp(payments.reconciliationItems, { open: 'false' });
  const resolve = useOpAction(payments.resolveReconciliation);
  const [reason, setReason] = useState<Record<string, string>>({});
  const out = useOutcome();
  const last = run.data;
  return (
    <>
      <form className="oc-filters" onSubmit={(e) => { e.preventDefault(); void out.run(async () => { await run.mutateAsync({ provider, day }); }); }}>
        <label className="oc-field"><span>{t('console.pay.provider')}</span>
          <select value={provider} onChange={(e) => setProvider(e.target.value as 'demo' | 'stripe')}>
            <option value="demo">{t('console.pay.providers.demo')}</option><option value="stripe">{t('console.pay.providers.stripe')}</option>
          </select>
        </label>
        <label className="oc-field"><span>{t('console.pay.day')}</span><input type="date" value={day} onChange={(e) => setDay(e.target.value)} /></label>
        <div className="oc-actions"><button type="submit" className="oc-btn oc-primary" disabled={run.isPending} data-testid="recon-run">{t('console.pay.run')}</button></div>
      </form>
      {out.view}
      {last && (
        <Notice kind={last.clean ? 'ok' : 'error'}>
          <b data-testid="recon-result">{last.clean ? `✓ ${t('console.pay.clean')}` : `✗ ${t('console.pay.mismatches', { count: last.items.filter((i) => !i.resolvedAt).length })}`}</b>
          {' '}{t('console.pay.counts', { provider: last.providerCount, ledger: last.ledgerCount })}
        </Notice>
      )}
      {(items.data?.items.length ?? 0) > 0 && (
        <div className="oc-table-wrap">
          <table className="oc-table oc-stack">
            <thead><tr><th>{t('console.pay.day')}</th><th>{t('console.pay.ref')}</th><th>{t('console.pay.kind')}</th><th className="num">{t('console.pay.providerAmount')}</th><th className="num">{t('console.pay.ledgerAmount')}</th><th>{t('console.actions')}</th></tr></thead>
            <tbody>
              {items.data!.items.map((i) => (
                <tr key={i.id}>
                  <td data-label={t('console.pay.day')}>{i.day} · {i.provider}</td>
                  <td data-label={t('console.pay.ref')}><code>{i.ref}</code></td>
                  <td data-label={t('console.pay.kind')}>{t(`console.pay.kinds.${i.kind}`)}</td>
                  <td data-label={t('console.pay.providerAmount')} className="num">{i.providerAmount ? money(i.providerAmount) : '—'}</td>
                  <td data-label={t('console.pay.ledgerAmount')} className="num">{i.ledgerAmount ? money(i.ledgerAmount) : '—'}</td>
                  <td className="oc-actions">
                    {i.resolvedAt ? <span className="oc-muted">{t('console.pay.resolvedBy', { who: i.resolvedBy, reason: i.reason })}</span> : canResolve && <>
                      <input value={reason[i.id] ?? ''} placeholder={t('console.pay.reason')} onChange={(e) => setReason({ ...reason, [i.id]: e.target.value })} />
                      <button type="button" className="oc-btn" disabled={resolve.isPending || (reason[i.id] ?? '').trim().length < 3}
                        onClick={() => out.run(async () => { await resolve.mutateAsync({ id: i.id, reason: reason[i.id] ?? '' }); return t('console.done'); })}>{t('console.pay.resolve')}</button>
                    </>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
