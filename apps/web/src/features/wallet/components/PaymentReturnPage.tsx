/**
 * /payments/return?orderNo=: where a payment provider's hosted checkout sends the member back.
 * Reads the deposit's state every second until the provider's webhook has settled it, then
 * shows the result; the header balance rises by the socket push (and a refresh on confirm).
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Money, Panel, StatusChip } from '@/components/ui/kit';
import { useBalance, useDepositResult } from '../api';
import './wallet.css';

export default function PaymentReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const r = useDepositResult(orderNo);
  const balance = useBalance();
  const v = r.data;
  const state = !v ? 'waiting'
    : v.orderStatus === 'confirmed' ? 'credited'
      : v.orderStatus === 'pending' ? (v.paymentStatus === 'pending' ? 'processing' : 'waiting')
        : 'failed';

  return (
    <div className="w-page w-return" data-testid="payment-return">
      <Panel title={t('wallet.payments.title')} actions={v ? <StatusChip status={v.orderStatus} /> : null}>
        {!orderNo ? (
          <EmptyState icon="wallet" title={t('wallet.payments.noOrder')} />
        ) : r.isError ? (
          <ErrorState error={r.error} onRetry={() => r.refetch()} />
        ) : (
          <div className={`w-return__body is-${state}`} data-testid={`payment-${state}`} aria-live="polite">
            <div className={`w-return__icon is-${state}`} aria-hidden="true">{state === 'credited' ? '✓' : state === 'failed' ? '✕' : '…'}</div>
            <h2 className="w-return__title">{t(`wallet.payments.${state}`)}</h2>
            {v && (
              <p className="w-return__amount">
                <Money value={v.amount} symbol={v.currency} />
                {v.bonusAmount !== '0.00' && <span className="muted"> + {t('wallet.deposit.bonusAmount')} <Money value={v.bonusAmount} symbol={v.currency} /></span>}
              </p>
            )}
            <p className="muted num" dir="ltr">{orderNo}</p>
            {state === 'credited' && balance.data && (
              <p className="w-return__balance" data-testid="return-balance">
                {t('wallet.payments.balance')} <strong><Money value={balance.data.sumBalance} symbol={balance.data.currencySymbol} /></strong>
              </p>
            )}
            {(state === 'waiting' || state === 'processing') && <p className="muted">{t('wallet.payments.waitHint')}</p>}
            <div className="w-actions">
              <Link className="btn btn--primary" to="/member?page=depositv2">{t('wallet.payments.again')}</Link>
              <Link className="btn btn--ghost" to="/">{t('wallet.payments.home')}</Link>
            </div>
          </div>
        )}
      </Panel>
    </div>
  );
}
