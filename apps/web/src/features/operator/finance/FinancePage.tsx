/** Finance: deposit orders, withdrawals (two-person above the brand amount), adjustments, reconciliation. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cashier, operator, useOp, useOpAction } from '../api';
import { Card, errMsg, ListTable, money, Notice, Pager, Tabs, useOutcome, when } from '../ui';
import { DepositHistory, ProviderChannels, Settlement } from './PaymentsTabs';
import { WithdrawalHistory } from './WithdrawalHistory';
import { isHeld, useWithdrawalRisk, WithdrawalRiskCell } from '../kyc/WithdrawalRisk';

type Tab = 'deposits' | 'withdrawals' | 'adjust' | 'reconcile' | 'history' | 'whistory' | 'providers' | 'settlement';

function Deposits({ canAct }: { canAct: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useOp(cashier.operatorListDeposits, { status: 'pending', page });
  const confirm = useOpAction(operator.confirmDeposit);
  const reject = useOpAction(operator.rejectDeposit);
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data?.list ?? [];
  return (
    <>
      {out.view}
      <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.fin.order')}</th><th>{t('console.member')}</th><th>{t('console.fin.channel')}</th><th className="num">{t('console.amount')}</th><th>{t('console.time')}</th><th>{t('console.actions')}</th></>}>
        {list.map((o) => (
          <tr key={o.orderNo} data-order={o.orderNo}>
            <td data-label={t('console.fin.order')}><code>{o.orderNo}</code></td>
            <td data-label={t('console.member')}>{o.username}</td>
            <td data-label={t('console.fin.channel')}>{o.method} · {o.channel}</td>
            <td data-label={t('console.amount')} className="num">{money(o.amount)}</td>
            <td data-label={t('console.time')}>{when(o.createdAt)}</td>
            <td className="oc-actions">
              {canAct && <>
                <button type="button" className="oc-btn oc-primary" disabled={confirm.isPending} onClick={() => out.run(async () => { await confirm.mutateAsync({ orderNo: o.orderNo }); return t('console.done'); })}>{t('console.confirm')}</button>
                <button type="button" className="oc-btn oc-danger" disabled={reject.isPending} onClick={() => out.run(async () => { await reject.mutateAsync({ orderNo: o.orderNo }); return t('console.done'); })}>{t('console.reject')}</button>
              </>}
            </td>
          </tr>
        ))}
      </ListTable>
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
    </>
  );
}

function Withdrawals({ canAct, canRules }: { canAct: boolean; canRules: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useOp(cashier.operatorListWithdrawals, { status: 'pending', page });
  const rules = useOp(operator.financeRules);
  const approvals = useOp(operator.withdrawalApprovals);
  const approve = useOpAction(operator.approveWithdrawal);
  const reject = useOpAction(operator.rejectWithdrawal);
  const setRules = useOpAction(operator.setFinanceRules);
  const riskOf = useWithdrawalRisk();
  const [limit, setLimit] = useState('');
  const out = useOutcome();
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const list = q.data?.list ?? [];
  const limitNum = Number(rules.data?.dualApprovalAbove ?? 'Infinity');
  const by = new Map((approvals.data ?? []).map((a) => [a.withdrawNo, a.approvals]));
  return (
    <>
      {rules.data && (
        <div className="oc-rules">
          <span>{t('console.fin.needsTwo', { amount: money(rules.data.dualApprovalAbove) })}</span>
          {canRules && (
            <form className="oc-inline" onSubmit={(e) => { e.preventDefault(); void out.run(async () => { await setRules.mutateAsync({ dualApprovalAbove: limit }); setLimit(''); return t('console.done'); }); }}>
              <input aria-label={t('console.fin.limit')} placeholder={rules.data.dualApprovalAbove} inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} />
              <button type="submit" className="oc-btn" disabled={!limit}>{t('console.fin.save')}</button>
            </form>
          )}
        </div>
      )}
      {out.view}
      <ListTable loaded={!!q.data} empty={list.length === 0} head={<><th>{t('console.fin.order')}</th><th>{t('console.member')}</th><th>{t('console.fin.account')}</th><th className="num">{t('console.amount')}</th><th>{t('console.time')}</th><th>{t('console.kyc.risk')}</th><th>{t('console.actions')}</th></>}>
        {list.map((w) => {
          const held = isHeld(riskOf(w.withdrawNo));
          const names = by.get(w.withdrawNo) ?? [];
          const two = Number(w.amount) > limitNum;
          return (
            <tr key={w.withdrawNo} data-withdraw={w.withdrawNo}>
              <td data-label={t('console.fin.order')}><code>{w.withdrawNo}</code>{two && <span className="oc-badge">2×</span>}</td>
              <td data-label={t('console.member')}>{w.username}</td>
              <td data-label={t('console.fin.account')}>{w.account.bankName} · {w.accountNoFull} · {w.account.payeeName}</td>
              <td data-label={t('console.amount')} className="num">{money(w.amount)}<small className="oc-muted"> ({money(w.netAmount)})</small></td>
              <td data-label={t('console.time')}>{when(w.createdAt)}</td>
              <td data-label={t('console.kyc.risk')}><WithdrawalRiskCell item={riskOf(w.withdrawNo)} canReview={canAct} /></td>
              <td className="oc-actions">
                {names.length > 0 && <small className="oc-approvals">{t('console.fin.approvedBy', { names: names.join(', ') })}</small>}
                {canAct && <>
                  <button type="button" className="oc-btn oc-primary" disabled={approve.isPending || held} title={held ? t('console.kyc.mustClear') : undefined} onClick={() => out.run(async () => {
                    const r = await approve.mutateAsync({ withdrawNo: w.withdrawNo });
                    if (r.status !== 'paid') return t('console.fin.awaiting');
                    return r.payout && r.payout !== 'paid' ? t('console.fin.payoutSent') : t('console.fin.paid');
                  })}>{two ? t('console.fin.approve') : t('console.fin.pay')}</button>
                  <button type="button" className="oc-btn oc-danger" disabled={reject.isPending} onClick={() => out.run(async () => { await reject.mutateAsync({ withdrawNo: w.withdrawNo }); return t('console.done'); })}>{t('console.reject')}</button>
                </>}
              </td>
            </tr>
          );
        })}
      </ListTable>
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
    </>
  );
}

const newRequestId = () => `adj-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function Adjust() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ username: '', direction: 'credit' as 'credit' | 'debit', amount: '', reason: '' });
  const [requestId, setRequestId] = useState(newRequestId);
  const adjust = useOpAction(operator.adjust);
  const out = useOutcome();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void out.run(async () => {
      const r = await adjust.mutateAsync({ ...form, requestId });
      setRequestId(newRequestId());
      setForm((f) => ({ ...f, amount: '', reason: '' }));
      return r.applied ? t('console.fin.posted', { balance: money(r.balance) }) : t('console.fin.replayed');
    });
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <form className="oc-form" onSubmit={submit}>
      <label className="oc-field"><span>{t('console.fin.username')}</span><input value={form.username} onChange={set('username')} required /></label>
      <label className="oc-field"><span>{t('console.fin.direction')}</span>
        <select value={form.direction} onChange={set('direction')}><option value="credit">{t('console.fin.credit')}</option><option value="debit">{t('console.fin.debit')}</option></select>
      </label>
      <label className="oc-field"><span>{t('console.amount')}</span><input inputMode="decimal" value={form.amount} onChange={set('amount')} required /></label>
      <label className="oc-field oc-wide"><span>{t('console.fin.reason')}</span><input value={form.reason} onChange={set('reason')} minLength={3} maxLength={200} required /></label>
      <div className="oc-wide"><button type="submit" className="oc-btn oc-primary" disabled={adjust.isPending || !form.username || !form.amount || form.reason.trim().length < 3}>{t('console.fin.post')}</button></div>
      <div className="oc-wide">{out.view}</div>
    </form>
  );
}

function Reconcile() {
  const { t } = useTranslation();
  const q = useOp(operator.reconcile);
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const r = q.data;
  if (!r) return <p>{t('console.loading')}</p>;
  const rows: [string, string | number][] = [
    ['entrySum', money(r.entrySum)], ['mismatched', r.mismatchedAccounts], ['negative', r.negativeMemberBalances],
    ['accounts', r.accounts], ['postings', r.postings], ['memberTotal', money(r.memberTotal)],
  ];
  return (
    <div className="oc-grid2">
      <div>
        <Notice kind={r.balanced ? 'ok' : 'error'}><b data-testid="balanced">{r.balanced ? `✓ ${t('console.fin.balanced')}` : `✗ ${t('console.fin.unbalanced')}`}</b></Notice>
        <dl className="oc-dl">{rows.map(([k, v]) => <div key={k}><dt>{t(`console.fin.${k}`)}</dt><dd>{v}</dd></div>)}</dl>
      </div>
      <div className="oc-table-wrap">
        <table className="oc-table">
          <thead><tr><th>{t('console.fin.wallet')}</th><th className="num">{t('console.fin.balance')}</th></tr></thead>
          <tbody>{r.brandWallets.map((w) => <tr key={w.wallet}><td>{w.wallet}</td><td className="num">{money(w.balance)}</td></tr>)}</tbody>
        </table>
      </div>
    </div>
  );
}

export function FinancePage({ me }: { me: operator.Me }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('deposits');
  const can = (p: operator.Permission) => me.permissions.includes(p);
  const tabs: [Tab, string][] = [['deposits', t('console.fin.deposits')], ['withdrawals', t('console.fin.withdrawals')]];
  if (can('finance.adjust')) tabs.push(['adjust', t('console.fin.adjust')]);
  tabs.push(['reconcile', t('console.fin.reconcile')]);
  tabs.push(['history', t('console.pay.history')], ['whistory', t('console.pay.whistory')], ['providers', t('console.pay.channels')], ['settlement', t('console.pay.settlement')]);
  return (
    <div className="oc-page">
      <h1>{t('console.menu.finance')}</h1>
      <Tabs value={tab} options={tabs} onChange={setTab} />
      <Card>
        {tab === 'deposits' && <Deposits canAct={can('finance.deposit')} />}
        {tab === 'withdrawals' && <Withdrawals canAct={can('finance.withdraw')} canRules={can('finance.rules')} />}
        {tab === 'adjust' && <Adjust />}
        {tab === 'reconcile' && <Reconcile />}
        {tab === 'history' && <DepositHistory />}
        {tab === 'whistory' && <WithdrawalHistory />}
        {tab === 'providers' && <ProviderChannels canRules={can('finance.rules')} />}
        {tab === 'settlement' && <Settlement canResolve={can('finance.adjust')} />}
      </Card>
    </div>
  );
}
