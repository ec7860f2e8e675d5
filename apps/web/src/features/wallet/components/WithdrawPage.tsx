/**
 * withdraw: withdrawal password (set inline when missing), withdraw accounts (bind bank or
 * e-wallet; the payee name is bound once), the settings (min/max, fee, remaining today, turnover
 * still required), the request form with the fee and amount received computed live, and the
 * withdraw records with received / not received / partially received for paid ones.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cashier } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { Field, PasswordInput, ProofStep, useProofGate } from '@/features/session';
import {
  useBindWithdrawAccount, useConfirmWithdrawal, useRequestWithdrawal, useWithdrawAccounts, useWithdrawSettings, useWithdrawals,
} from '../api';
import { SubmitKey, toMinor, validateAmount, withdrawFee } from '@/lib/amounts';
import { PaymentPasswordForm } from './PaymentPasswordForm';
import { PayoutLine } from './PayoutLine';
import {
  DateTime, EmptyState, ErrorState, FormNote, Money, Panel, SkeletonRows, StatusChip,
  RecordsList, amountErrorText, apiErrorText, useRecordFilters,
} from '@/components/ui/kit';
import './wallet.css';
import { KycGateLink } from '@/features/kyc';

type Settings = NonNullable<ReturnType<typeof useWithdrawSettings>['data']>;
type Accounts = NonNullable<ReturnType<typeof useWithdrawAccounts>['data']>;
type Withdrawal = cashier.Withdrawal;

export default function WithdrawPage() {
  const { t } = useTranslation();
  const settings = useWithdrawSettings();
  const accounts = useWithdrawAccounts();

  if (settings.isPending || accounts.isPending) {
    return (
      <div className="w-page" data-testid="page-withdraw">
        <Panel title={t('wallet.withdraw.title')}><SkeletonRows rows={4} cols={3} /></Panel>
      </div>
    );
  }
  if (settings.isError || accounts.isError) {
    return (
      <div className="w-page" data-testid="page-withdraw">
        <Panel title={t('wallet.withdraw.title')}>
          <ErrorState error={settings.error ?? accounts.error} onRetry={() => { void settings.refetch(); void accounts.refetch(); }} />
        </Panel>
      </div>
    );
  }
  const s = settings.data;
  return (
    <div className="w-page" data-testid="page-withdraw">
      <SettingsCard s={s} />
      {!s.hasPaymentPassword ? (
        <Panel title={t('wallet.pwd.setTitle')} testId="withdraw-set-password">
          <p className="w-lead"><Icon name="lock" size={18} /> {t('wallet.pwd.needed')}</p>
          <PaymentPasswordForm isSet={false} />
        </Panel>
      ) : (
        <>
          <AccountsPanel data={accounts.data} />
          {accounts.data.list.length > 0 && <RequestForm s={s} accounts={accounts.data} />}
        </>
      )}
      <WithdrawRecords symbol={s.currencySymbol} />
    </div>
  );
}

function SettingsCard({ s }: { s: Settings }) {
  const { t } = useTranslation();
  const sym = s.currencySymbol;
  const turnover = toMinor(s.turnoverRequired) ?? 0n;
  const usedToday = s.dailyCount - s.remainingToday;
  return (
    <section className="w-stats" data-testid="withdraw-settings">
      <div className="w-stat w-stat--main">
        <span className="w-stat__label">{t('wallet.withdraw.available')}</span>
        <strong className="w-stat__value"><Money value={s.balance} symbol={sym} /></strong>
      </div>
      <div className="w-stat">
        <span className="w-stat__label">{t('wallet.withdraw.limits')}</span>
        <strong className="w-stat__value w-stat__value--sm" dir="ltr"><span className="w-nowrap">{formatMoney(s.min, { symbol: sym })}</span> – <span className="w-nowrap">{formatMoney(s.max, { symbol: sym })}</span></strong>
      </div>
      <div className="w-stat">
        <span className="w-stat__label">{t('wallet.withdraw.fee')}</span>
        <strong className="w-stat__value w-stat__value--sm">{feeText(t, s)}</strong>
      </div>
      <div className="w-stat">
        <span className="w-stat__label">{t('wallet.withdraw.remainingToday')}</span>
        <strong className="w-stat__value w-stat__value--sm num">{s.remainingToday} / {s.dailyCount}</strong>
        <span className="w-meter" aria-hidden="true"><span style={{ inlineSize: `${s.dailyCount ? (usedToday / s.dailyCount) * 100 : 0}%` }} /></span>
      </div>
      <div className={`w-stat w-stat--wide ${turnover > 0n ? 'is-warn' : 'is-ok'}`} data-testid="turnover">
        <span className="w-stat__label">{t('wallet.withdraw.turnover')}</span>
        {turnover > 0n ? (
          <>
            <strong className="w-stat__value w-stat__value--sm"><Money value={s.turnoverRequired} symbol={sym} /></strong>
            <span className="w-meter w-meter--warn" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={0} aria-label={t('wallet.withdraw.turnover')}>
              <span style={{ inlineSize: '6%' }} />
            </span>
            <small className="muted">{t('wallet.withdraw.turnoverHint', { amount: formatMoney(s.turnoverRequired, { symbol: sym }) })}</small>
          </>
        ) : (
          <>
            <strong className="w-stat__value w-stat__value--sm money--pos"><Icon name="shield" size={16} /> {t('wallet.withdraw.turnoverDone')}</strong>
            <span className="w-meter w-meter--ok" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={100} aria-label={t('wallet.withdraw.turnover')}>
              <span style={{ inlineSize: '100%' }} />
            </span>
          </>
        )}
      </div>
    </section>
  );
}

function feeText(t: (k: string, o?: Record<string, unknown>) => string, s: Settings): string {
  const parts: string[] = [];
  if (s.feeBps > 0) parts.push(`${(s.feeBps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`);
  if ((toMinor(s.feeFixed) ?? 0n) > 0n) parts.push(formatMoney(s.feeFixed, { symbol: s.currencySymbol }));
  return parts.length ? parts.join(' + ') : t('wallet.withdraw.noFee');
}

const BANKS = ['BBVA México', 'Banorte', 'Santander', 'Banamex', 'HSBC', 'Scotiabank', 'Inbursa', 'Banco Azteca', 'BanCoppel', 'Nu México'];
const EWALLETS = ['Mercado Pago', 'PayPal', 'Spin by OXXO', 'Skrill'];

function AccountsPanel({ data }: { data: Accounts }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(data.list.length === 0);
  const canAdd = data.list.length < data.max;
  return (
    <Panel
      title={t('wallet.accounts.title')}
      testId="withdraw-accounts"
      actions={canAdd && !adding && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAdding(true)}>
          + {t('wallet.accounts.add')}
        </button>
      )}
    >
      {data.list.length === 0 && !adding && <EmptyState icon="wallet" title={t('wallet.accounts.none')} />}
      {data.list.length > 0 && (
        <ul className="w-accounts">
          {data.list.map((a) => (
            <li key={a.id} className="w-account">
              <span className="w-account__icon" aria-hidden="true"><Icon name={a.kind === 'bank' ? 'wallet' : 'chat'} size={20} /></span>
              <span className="w-account__main">
                <strong>{a.bankName}</strong>
                <span className="num" dir="ltr">{a.accountNo}</span>
              </span>
              <span className="w-account__side">
                <span className="tag">{t(`wallet.accounts.kind.${a.kind}`)}</span>
                <small className="muted">{a.payeeName}</small>
              </span>
            </li>
          ))}
        </ul>
      )}
      {!canAdd && <p className="muted w-small">{t('wallet.accounts.limit', { max: data.max })}</p>}
      {adding && canAdd && <BindForm data={data} onDone={() => setAdding(false)} onCancel={data.list.length ? () => setAdding(false) : undefined} />}
    </Panel>
  );
}

function BindForm({ data, onDone, onCancel }: { data: Accounts; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const bind = useBindWithdrawAccount();
  const [kind, setKind] = useState<'bank' | 'ewallet'>(data.kinds[0] ?? 'bank');
  const [bankName, setBankName] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [payeeName, setPayeeName] = useState(data.payeeName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const gate = useProofGate();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const errs: Record<string, string> = {};
    if (bankName.trim().length < 2) errs.bankName = t('wallet.accounts.bankRequired');
    const no = kind === 'bank' ? accountNo.replace(/\s/g, '') : accountNo.trim();
    if (!cashier.ACCOUNT_NO_PATTERNS[kind].test(no)) errs.accountNo = t(`wallet.accounts.noInvalid.${kind}`);
    if (payeeName.trim().length < 2) errs.payeeName = t('wallet.accounts.payeeRequired');
    setErrors(errs);
    if (Object.keys(errs).length || gate.needed()) return;
    bind.mutate({ kind, bankName: bankName.trim(), accountNo: no, payeeName: payeeName.trim() }, { onSuccess: onDone, onError: (err) => { gate.catch(err); } });
  };
  // a member with a bound contact confirms a new payout account with a code sent there (ProofStep)
  if (gate.channels) return <ProofStep channels={gate.channels} onProved={() => { gate.done(); bind.reset(); submit(); }} />;
  return (
    <form className="w-form w-bind" onSubmit={submit} noValidate data-testid="bind-form">
      {data.kinds.length > 1 && (
        <div className="w-seg" role="radiogroup" aria-label={t('wallet.accounts.kindLabel')}>
          {data.kinds.map((k) => (
            <button key={k} type="button" role="radio" aria-checked={kind === k} className={`w-seg__btn ${kind === k ? 'is-active' : ''}`} onClick={() => { setKind(k); setBankName(''); }}>
              {t(`wallet.accounts.kind.${k}`)}
            </button>
          ))}
        </div>
      )}
      <div className="w-grid2">
        <Field label={kind === 'bank' ? t('wallet.accounts.bank') : t('wallet.accounts.provider')} error={errors.bankName} required>
          {(a) => (
            <>
              <input {...a} name="bankName" className="input" list={`w-banks-${kind}`} value={bankName} onChange={(e) => setBankName(e.target.value)} autoComplete="off" />
              <datalist id={`w-banks-${kind}`}>
                {(kind === 'bank' ? BANKS : EWALLETS).map((b) => <option key={b} value={b} />)}
              </datalist>
            </>
          )}
        </Field>
        <Field label={kind === 'bank' ? t('wallet.accounts.accountNo') : t('wallet.accounts.walletId')} error={errors.accountNo} hint={t(`wallet.accounts.noHint.${kind}`)} required>
          {(a) => <input {...a} name="accountNo" className="input" dir="ltr" inputMode={kind === 'bank' ? 'numeric' : 'text'} value={accountNo} onChange={(e) => setAccountNo(e.target.value)} autoComplete="off" />}
        </Field>
      </div>
      <Field label={t('wallet.accounts.payee')} error={errors.payeeName} hint={data.payeeName ? t('wallet.accounts.payeeBound') : t('wallet.accounts.payeeOnce')} required>
        {(a) => <input {...a} name="payeeName" className="input" value={payeeName} readOnly={!!data.payeeName} onChange={(e) => setPayeeName(e.target.value)} autoComplete="name" />}
      </Field>
      {bind.isError && <FormNote>{apiErrorText(bind.error)}</FormNote>}
      <div className="w-actions">
        {onCancel && <button type="button" className="btn btn--ghost" onClick={onCancel}>{t('common.cancel')}</button>}
        <button type="submit" className="btn btn--primary" disabled={bind.isPending}>{bind.isPending ? t('common.loading') : t('wallet.accounts.bind')}</button>
      </div>
    </form>
  );
}

function RequestForm({ s, accounts }: { s: Settings; accounts: Accounts }) {
  const { t } = useTranslation();
  const sym = s.currencySymbol;
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState(accounts.list[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [pwdError, setPwdError] = useState<string | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const request = useRequestWithdrawal();
  const key = useRef(new SubmitKey());

  const amountError = validateAmount(amount, { min: s.min, max: s.max, available: s.balance });
  const fee = amountError ? null : withdrawFee(amount, s.feeBps, s.feeFixed);
  const blocked = !s.allowed ? 'notAllowed' : s.remainingToday <= 0 ? 'daily' : (toMinor(s.turnoverRequired) ?? 0n) > 0n ? 'turnover' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const pErr = cashier.PAYMENT_PASSWORD_PATTERN.test(password) ? null : t('wallet.pwd.format');
    setPwdError(pErr);
    if (amountError || pErr || blocked || request.isPending) return;
    const body = { amount: amount.trim(), accountId };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    request.mutate(
      { ...body, paymentPassword: password, requestId },
      {
        onSuccess: (w) => {
          key.current.settle();
          setDone(w);
          setAmount('');
          setPassword('');
          setTouched(false);
        },
        onError: (err) => {
          if (isApiError(err) && err.status > 0) key.current.settle();
          setPassword('');
        },
      },
    );
  };

  return (
    <Panel title={t('wallet.withdraw.request')} testId="withdraw-form">
      {blocked && <p className="w-banner w-banner--warn" role="status"><Icon name="info" size={18} /> {blocked === 'turnover' ? t('wallet.withdraw.turnoverHint', { amount: formatMoney(s.turnoverRequired, { symbol: sym }) }) : t(`wallet.withdraw.blocked.${blocked}`)}</p>}
      <form className="w-form" onSubmit={submit} noValidate>
        <fieldset className="w-step">
          <legend className="w-step__label">{t('wallet.withdraw.toAccount')}</legend>
          <div className="w-options w-options--accounts" role="radiogroup" aria-label={t('wallet.withdraw.toAccount')}>
            {accounts.list.map((a) => (
              <button key={a.id} type="button" role="radio" aria-checked={a.id === accountId} className={`w-option ${a.id === accountId ? 'is-active' : ''}`} onClick={() => setAccountId(a.id)}>
                <Icon name={a.kind === 'bank' ? 'wallet' : 'chat'} size={18} />
                <span>{a.bankName}</span>
                <small className="muted num" dir="ltr">{a.accountNo.slice(-8)}</small>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="w-grid2">
          <div className={`field ${touched && amountError ? 'field--error' : ''}`}>
            <label className="field__label" htmlFor="withdraw-amount">{t('wallet.withdraw.amount')}</label>
            <div className="field__control w-amount">
              <span className="w-amount__sym" aria-hidden="true">{sym}</span>
              <input id="withdraw-amount" name="amount" className="input w-amount__input" inputMode="decimal" dir="ltr" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} onBlur={() => amount && setTouched(true)} placeholder={t('wallet.deposit.amountPlaceholder')} aria-invalid={touched && !!amountError} />
              <button type="button" className="w-amount__max" onClick={() => { const max = (toMinor(s.balance) ?? 0n) < (toMinor(s.max) ?? 0n) ? s.balance : s.max; setAmount(max); setTouched(true); }}>
                {t('wallet.withdraw.all')}
              </button>
            </div>
            {touched && amountError ? (
              <p className="field__error" role="alert">{amountErrorText(t, amountError, sym)}</p>
            ) : (
              <p className="field__hint">{t('wallet.deposit.limits', { min: formatMoney(s.min, { symbol: sym }), max: formatMoney(s.max, { symbol: sym }) })}</p>
            )}
          </div>
          <Field label={t('wallet.pwd.label')} error={pwdError} required>
            {(a) => <PasswordInput {...a} name="paymentPassword" inputMode="numeric" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value.replace(/\D/g, '').slice(0, 6))} />}
          </Field>
        </div>
        <dl className="w-calc" data-testid="withdraw-calc">
          <div><dt>{t('wallet.withdraw.amount')}</dt><dd><Money value={amountError ? '0' : amount} symbol={sym} /></dd></div>
          <div><dt>{t('wallet.withdraw.fee')}</dt><dd data-testid="fee"><Money value={fee ? `-${fee.fee}` : '0'} symbol={sym} /></dd></div>
          <div className="w-calc__total"><dt>{t('wallet.withdraw.received')}</dt><dd data-testid="received"><Money value={fee?.received ?? '0'} symbol={sym} /></dd></div>
        </dl>
        {request.isError && <FormNote>{apiErrorText(request.error)}</FormNote>}
        {request.isError && <KycGateLink error={request.error} />}
        {done && !request.isError && <FormNote tone="success">{t('wallet.withdraw.requested', { no: done.withdrawNo })}</FormNote>}
        <button type="submit" className="btn btn--primary btn--lg w-submit" disabled={request.isPending || !!blocked} data-testid="withdraw-submit">
          {request.isPending ? t('common.loading') : t('wallet.withdraw.submit')}
        </button>
      </form>
    </Panel>
  );
}

function WithdrawRecords({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { query, page, setPage, filters } = useRecordFilters(cashier.WITHDRAW_STATUSES);
  const q = useWithdrawals(query);
  return (
    <Panel title={t('wallet.withdraw.records')} testId="withdraw-records">
      {filters}
      <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('wallet.withdraw.noRecords')}>
        {(list) => (
          <ul className="w-records">
            {list.map((w) => <WithdrawalRow key={w.withdrawNo} w={w} symbol={symbol} />)}
          </ul>
        )}
      </RecordsList>
    </Panel>
  );
}

function WithdrawalRow({ w, symbol }: { w: Withdrawal; symbol: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmWithdrawal();
  const [partial, setPartial] = useState(false);
  const [received, setReceived] = useState('');
  const partialError = partial ? validateAmount(received, { max: w.netAmount }) : null;
  const send = (result: 'received' | 'not_received' | 'partial') =>
    confirm.mutate({ withdrawNo: w.withdrawNo, result, receivedAmount: result === 'partial' ? received.trim() : undefined });
  return (
    <li className="w-record" data-testid="withdrawal" data-status={w.status}>
      <div className="w-record__main">
        <span className="w-record__title">
          <Money value={w.amount} symbol={symbol} />
          <StatusChip status={w.status} />
        </span>
        <span className="muted w-small">
          <span className="num" dir="ltr">{w.withdrawNo}</span> · {w.account.bankName} <span className="num" dir="ltr">{w.account.accountNo.slice(-8)}</span>
        </span>
        <span className="muted w-small"><DateTime value={w.createdAt} /></span>
      </div>
      <div className="w-record__side">
        <span className="w-small">{t('wallet.withdraw.fee')}: <Money value={w.fee} symbol={symbol} /></span>
        <span className="w-small">{t('wallet.withdraw.received')}: <strong><Money value={w.netAmount} symbol={symbol} /></strong></span>
        {w.receipt && <span className="w-small muted">{t(`wallet.receipt.${w.receipt}`)}{w.receivedAmount ? ` · ${formatMoney(w.receivedAmount, { symbol })}` : ''}</span>}
        {w.status === 'paid' && w.autoReceiptAt && <span className="w-small muted">{t('wallet.withdraw.autoReceipt')} <DateTime value={w.autoReceiptAt} /></span>}
      </div>
      {w.payout && <PayoutLine payout={w.payout} />}
      {w.status === 'paid' && (!w.payout || w.payout.status === 'paid') && (
        <div className="w-record__confirm">
          <span className="w-small">{t('wallet.withdraw.didYouReceive')}</span>
          <div className="w-actions">
            <button type="button" className="btn btn--primary btn--sm" disabled={confirm.isPending} onClick={() => send('received')}>{t('wallet.receipt.received')}</button>
            <button type="button" className="btn btn--ghost btn--sm" disabled={confirm.isPending} onClick={() => send('not_received')}>{t('wallet.receipt.not_received')}</button>
            <button type="button" className="btn btn--ghost btn--sm" disabled={confirm.isPending} aria-expanded={partial} onClick={() => setPartial((p) => !p)}>{t('wallet.receipt.partial')}</button>
          </div>
          {partial && (
            <div className="w-partial">
              <input className="input input--sm" inputMode="decimal" dir="ltr" placeholder={t('wallet.withdraw.howMuch')} aria-label={t('wallet.withdraw.howMuch')} value={received} onChange={(e) => setReceived(e.target.value)} />
              <button type="button" className="btn btn--primary btn--sm" disabled={!!partialError || confirm.isPending} onClick={() => send('partial')}>{t('common.confirm')}</button>
              {received && partialError && <p className="field__error">{amountErrorText(t, partialError, symbol)}</p>}
            </div>
          )}
          {confirm.isError && <FormNote>{apiErrorText(confirm.error)}</FormNote>}
        </div>
      )}
    </li>
  );
}

