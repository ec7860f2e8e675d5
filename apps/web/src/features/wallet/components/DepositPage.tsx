/**
 * depositv2: method -> channel -> amount (quick chips or any amount within min/max) -> optional
 * bonus -> order with payee details, copy buttons, a live countdown and cancel; deposit records.
 * An instant channel (served by a payment provider) goes on to the provider's hosted checkout
 * and comes back on /payments/return (PaymentReturnPage), which shows the result live.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cashier, textLanguage } from '@lobby/contract';
import { AlertDialog } from '@/components/Modal';
import { KycGateLink } from '@/features/kyc';
import { LimitsPrompt } from '@/features/responsible';
import { Icon, type IconName } from '@/components/icons';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { useCancelDeposit, useCreateDeposit, useDepositMethods, useDepositOrders, useInstantChannels, useOpenCheckout } from '../api';
import { depositBonus, SubmitKey, toMinor, validateAmount } from '@/lib/amounts';
import {
  CopyButton, Countdown, DateTime, EmptyState, ErrorState, FormNote, Money, Panel,
  RecordsList, SkeletonRows, StatusChip, amountErrorText, apiErrorText, useCountdownTo, useRecordFilters,
} from '@/components/ui/kit';
import './wallet.css';

type Order = cashier.DepositOrder;
type MethodsValue = NonNullable<ReturnType<typeof useDepositMethods>['data']>;

const KIND_ICON: Record<string, IconName> = { bank: 'wallet', ewallet: 'chat', crypto: 'grid', card: 'ticket' };

export default function DepositPage() {
  const { t } = useTranslation();
  const methods = useDepositMethods();
  const [order, setOrder] = useState<Order | null>(null);

  return (
    <div className="w-page" data-testid="page-depositv2">
      <LimitsPrompt />
      {methods.isPending ? (
        <Panel title={t('wallet.deposit.title')}>
          <SkeletonRows rows={4} cols={3} />
        </Panel>
      ) : methods.isError ? (
        <Panel title={t('wallet.deposit.title')}>
          <ErrorState error={methods.error} onRetry={() => methods.refetch()} />
        </Panel>
      ) : order ? (
        <OrderView order={order} symbol={methods.data.currencySymbol} onChange={setOrder} onDone={() => setOrder(null)} />
      ) : (
        <DepositForm data={methods.data} onCreated={setOrder} />
      )}
      <DepositRecords symbol={methods.data?.currencySymbol ?? ''} onOpen={setOrder} />
    </div>
  );
}

function DepositForm({ data, onCreated }: { data: MethodsValue; onCreated: (o: Order) => void }) {
  const { t, i18n } = useTranslation();
  const lang = textLanguage(i18n.language);
  const [methodCode, setMethodCode] = useState(data.methods[0]?.code ?? '');
  const method = data.methods.find((m) => m.code === methodCode) ?? data.methods[0];
  const [channelCode, setChannelCode] = useState(method?.channels[0]?.code ?? '');
  const channel = method?.channels.find((c) => c.code === channelCode) ?? method?.channels[0];
  const [amount, setAmount] = useState('');
  const [bonusCode, setBonusCode] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateDeposit();
  const checkout = useOpenCheckout();
  const instant = useInstantChannels().data?.channels ?? [];
  const key = useRef(new SubmitKey());
  const sym = data.currencySymbol;
  const isInstant = (m: string, c: string) => instant.some((x) => x.method === m && x.channel === c);

  // the channel's quick amounts are picks; any amount between its min and max is taken (issue 22)
  const amountError = channel ? validateAmount(amount, { min: channel.min, max: channel.max }) : null;
  const bonus = data.bonuses.find((b) => b.code === bonusCode);
  const bonusAmount = bonus && !amountError ? depositBonus(amount, bonus) : '0.00';

  if (!method || !channel) {
    return (
      <Panel title={t('wallet.deposit.title')}>
        <EmptyState icon="wallet" title={t('wallet.deposit.noMethods')} />
      </Panel>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountError || create.isPending) return;
    const body = { method: method.code, channel: channel.code, amount: amount.trim(), bonusCode: bonusCode || undefined };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    create.mutate(
      { ...body, requestId },
      {
        onSuccess: (o) => {
          key.current.settle();
          if (isInstant(o.method, o.channel)) {
            // an instant channel: on to the provider's hosted checkout, back on /payments/return
            checkout.mutate(o.orderNo, { onSuccess: (c) => window.location.assign(c.checkoutUrl), onError: () => onCreated(o) });
            return;
          }
          setAmount('');
          setTouched(false);
          onCreated(o);
        },
        onError: (err) => {
          // The server answered: a definite refusal, the next submit is a new intent.
          if (isApiError(err) && err.status > 0) key.current.settle();
        },
      },
    );
  };

  return (
    <Panel title={t('wallet.deposit.title')} testId="deposit-form">
      <form className="w-form" onSubmit={submit} noValidate>
        <fieldset className="w-step">
          <legend className="w-step__label"><span className="w-step__n">1</span>{t('wallet.deposit.method')}</legend>
          <div className="w-options" role="radiogroup" aria-label={t('wallet.deposit.method')}>
            {data.methods.map((m) => (
              <button
                key={m.code}
                type="button"
                role="radio"
                aria-checked={m.code === method.code}
                className={`w-option ${m.code === method.code ? 'is-active' : ''}`}
                onClick={() => {
                  setMethodCode(m.code);
                  setChannelCode(m.channels[0]?.code ?? '');
                  setAmount('');
                  setTouched(false);
                }}
              >
                <Icon name={KIND_ICON[m.kind] ?? 'wallet'} size={20} />
                <span>{m.name[lang]}</span>
                {m.channels.some((c) => isInstant(m.code, c.code)) && <small className="w-instant" data-testid={`instant-${m.code}`}>{t('wallet.deposit.instant')}</small>}
              </button>
            ))}
          </div>
        </fieldset>

        {method.channels.length > 1 && (
          <fieldset className="w-step">
            <legend className="w-step__label"><span className="w-step__n">2</span>{t('wallet.deposit.channel')}</legend>
            <div className="w-options w-options--sm" role="radiogroup" aria-label={t('wallet.deposit.channel')}>
              {method.channels.map((c) => (
                <button
                  key={c.code}
                  type="button"
                  role="radio"
                  aria-checked={c.code === channel.code}
                  className={`w-option ${c.code === channel.code ? 'is-active' : ''}`}
                  onClick={() => {
                    setChannelCode(c.code);
                    setAmount('');
                    setTouched(false);
                  }}
                >
                  <span>{c.name}</span>
                  <small className="muted num" dir="ltr"><span className="w-nowrap">{formatMoney(c.min, { symbol: sym })}</span> – <span className="w-nowrap">{formatMoney(c.max, { symbol: sym })}</span></small>
                </button>
              ))}
            </div>
          </fieldset>
        )}

        <fieldset className="w-step">
          <legend className="w-step__label">
            <span className="w-step__n">{method.channels.length > 1 ? 3 : 2}</span>{t('wallet.deposit.amount')}
          </legend>
          {channel.fixedAmounts.length > 0 && (
            <div className="w-chips" role="group" aria-label={t('wallet.deposit.quickAmounts')}>
              {channel.fixedAmounts.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`pill pill--lg ${toMinor(amount) === toMinor(a) ? 'is-active' : ''}`}
                  aria-pressed={toMinor(amount) === toMinor(a)}
                  onClick={() => setAmount(a.replace(/\.00$/, ''))}
                >
                  <span dir="ltr">{formatMoney(a, { symbol: sym, decimals: 0 })}</span>
                </button>
              ))}
            </div>
          )}
          <div className={`field ${touched && amountError ? 'field--error' : ''}`}>
            <label className="visually-hidden" htmlFor="deposit-amount">{t('wallet.deposit.amount')}</label>
            <div className="field__control w-amount">
              <span className="w-amount__sym" aria-hidden="true">{sym}</span>
              <input
                id="deposit-amount"
                name="amount"
                className="input w-amount__input"
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                value={amount}
                placeholder={t('wallet.deposit.amountPlaceholder')}
                onChange={(e) => setAmount(e.target.value)}
                onBlur={() => amount && setTouched(true)}
                aria-invalid={touched && !!amountError}
                aria-describedby="deposit-amount-msg"
              />
            </div>
            {touched && amountError ? (
              <p id="deposit-amount-msg" className="field__error" role="alert">{amountErrorText(t, amountError, sym)}</p>
            ) : (
              <p id="deposit-amount-msg" className="field__hint">
                {t('wallet.deposit.limits', { min: formatMoney(channel.min, { symbol: sym }), max: formatMoney(channel.max, { symbol: sym }) })}
                {isInstant(method.code, channel.code) && ` · ${t('wallet.deposit.instantHint')}`}
              </p>
            )}
          </div>
        </fieldset>

        {data.bonuses.length > 0 && (
          <fieldset className="w-step">
            <legend className="w-step__label"><Icon name="gift" size={18} /> {t('wallet.deposit.bonus')}</legend>
            <div className="w-bonus-list" role="radiogroup" aria-label={t('wallet.deposit.bonus')}>
              <label className={`w-bonus ${bonusCode === '' ? 'is-active' : ''}`}>
                <input type="radio" name="bonus" value="" checked={bonusCode === ''} onChange={() => setBonusCode('')} />
                <span className="w-bonus__name">{t('wallet.deposit.noBonus')}</span>
              </label>
              {data.bonuses.map((b) => (
                <label key={b.code} className={`w-bonus ${bonusCode === b.code ? 'is-active' : ''}`}>
                  <input type="radio" name="bonus" value={b.code} checked={bonusCode === b.code} onChange={() => setBonusCode(b.code)} />
                  <span className="w-bonus__name">{b.name[lang]}</span>
                  <small className="muted">
                    {t('wallet.deposit.bonusTerms', {
                      max: formatMoney(b.maxBonus, { symbol: sym }),
                      min: formatMoney(b.minDeposit, { symbol: sym }),
                      times: b.turnoverMultiple,
                    })}
                  </small>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className="w-summary">
          <div>
            <span className="muted">{t('wallet.deposit.youPay')}</span>
            <strong className="w-summary__big"><Money value={amountError ? '0' : amount} symbol={sym} /></strong>
          </div>
          {bonus && (
            <div>
              <span className="muted">{t('wallet.deposit.bonusAmount')}</span>
              <strong className="w-summary__big money--pos"><Money value={bonusAmount} symbol={sym} /></strong>
            </div>
          )}
          <button type="submit" className="btn btn--primary btn--lg" disabled={create.isPending || checkout.isPending} data-testid="deposit-submit">
            {create.isPending || checkout.isPending ? t('common.loading') : isInstant(method.code, channel.code) ? t('wallet.deposit.payNow') : t('wallet.deposit.submit')}
          </button>
        </div>
        {create.isError && <FormNote>{apiErrorText(create.error)}</FormNote>}
        {create.isError && <KycGateLink error={create.error} />}
        {checkout.isError && <FormNote>{apiErrorText(checkout.error)}</FormNote>}
      </form>
    </Panel>
  );
}

function OrderView({ order, symbol, onChange, onDone }: { order: Order; symbol: string; onChange: (o: Order) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelDeposit();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const left = useCountdownTo(order.status === 'pending' ? order.expiresAt : null);
  const status = order.status === 'pending' && left === 0 ? 'expired' : order.status;
  const payee = Object.entries(order.payee);

  return (
    <Panel
      title={t('wallet.deposit.orderTitle')}
      testId="deposit-order"
      actions={<StatusChip status={status} />}
    >
      <div className="w-order">
        <div className="w-order__hero">
          <span className="muted">{t('wallet.deposit.payExactly')}</span>
          <div className="w-order__amount">
            <Money value={order.amount} symbol={symbol} />
            <CopyButton text={order.amount} label={t('wallet.deposit.amount')} />
          </div>
          {status === 'pending' && (
            <p className="w-order__timer">
              {t('wallet.deposit.expiresIn')} <Countdown expiresAt={order.expiresAt} />
            </p>
          )}
          {order.bonusCode && (
            <p className="muted">
              {t('wallet.deposit.bonusAmount')}: <Money value={order.bonusAmount} symbol={symbol} />
            </p>
          )}
        </div>
        <dl className="w-kv">
          {payee.map(([k, v]) => (
            <div key={k} className="w-kv__row">
              <dt>{t(`wallet.payee.${k}`, { defaultValue: k })}</dt>
              <dd>
                <span className="w-kv__value" dir="ltr">{v}</span>
                <CopyButton text={v} label={t(`wallet.payee.${k}`, { defaultValue: k })} />
              </dd>
            </div>
          ))}
          <div className="w-kv__row">
            <dt>{t('wallet.deposit.orderNo')}</dt>
            <dd>
              <span className="w-kv__value num" dir="ltr" data-testid="order-no">{order.orderNo}</span>
              <CopyButton text={order.orderNo} label={t('wallet.deposit.orderNo')} />
            </dd>
          </div>
          <div className="w-kv__row">
            <dt>{t('wallet.deposit.createdAt')}</dt>
            <dd><DateTime value={order.createdAt} /></dd>
          </div>
        </dl>
        {status === 'pending' && <p className="w-hint"><Icon name="info" size={16} /> {t('wallet.deposit.payHint')}</p>}
        {cancel.isError && <FormNote>{apiErrorText(cancel.error)}</FormNote>}
        <div className="w-actions">
          {status === 'pending' && (
            <button type="button" className="btn btn--ghost" onClick={() => setConfirmCancel(true)} disabled={cancel.isPending}>
              {t('wallet.deposit.cancel')}
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={onDone}>
            {t('wallet.deposit.newDeposit')}
          </button>
        </div>
      </div>
      {confirmCancel && (
        <AlertDialog
          title={t('wallet.deposit.cancelTitle')}
          message={t('wallet.deposit.cancelConfirm')}
          confirmLabel={t('wallet.deposit.cancel')}
          cancelLabel={t('wallet.deposit.keep')}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => {
            setConfirmCancel(false);
            cancel.mutate(order.orderNo, { onSuccess: onChange });
          }}
        />
      )}
    </Panel>
  );
}

function DepositRecords({ symbol, onOpen }: { symbol: string; onOpen: (o: Order) => void }) {
  const { t } = useTranslation();
  const { query, page, setPage, filters } = useRecordFilters(cashier.DEPOSIT_STATUSES);
  const q = useDepositOrders(query);

  return (
    <Panel title={t('wallet.deposit.records')} testId="deposit-records">
      {filters}
      <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('wallet.deposit.noRecords')}>
        {(list) => (
          <div className="w-table-wrap">
            <table className="w-table">
              <thead>
                <tr>
                  <th>{t('wallet.col.time')}</th>
                  <th>{t('wallet.deposit.orderNo')}</th>
                  <th>{t('wallet.deposit.method')}</th>
                  <th className="num-col">{t('wallet.col.amount')}</th>
                  <th>{t('wallet.col.status')}</th>
                  <th><span className="visually-hidden">{t('wallet.col.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <tr key={o.orderNo}>
                    <td data-label={t('wallet.col.time')}><DateTime value={o.createdAt} /></td>
                    <td data-label={t('wallet.deposit.orderNo')} className="num" dir="ltr">{o.orderNo}</td>
                    <td data-label={t('wallet.deposit.method')}>{o.method} · {o.channel}</td>
                    <td data-label={t('wallet.col.amount')} className="num-col"><Money value={o.amount} symbol={symbol} /></td>
                    <td data-label={t('wallet.col.status')}><StatusChip status={o.status} /></td>
                    <td className="w-table__act">
                      {o.status === 'pending' && (
                        <button type="button" className="btn btn--ghost btn--sm" onClick={() => { onOpen(o); window.scrollTo?.({ top: 0, behavior: 'smooth' }); }}>
                          {t('wallet.deposit.view')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </RecordsList>
    </Panel>
  );
}
