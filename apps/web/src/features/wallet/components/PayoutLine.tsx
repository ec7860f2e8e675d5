import { useTranslation } from 'react-i18next';
import type { cashier } from '@lobby/contract';
import { DateTime } from '@/components/ui/kit';
/**
 * A withdrawal paid out through a payment provider (issue 22): being paid (queued, sent), paid, or
 * returned to the balance because the payout failed or the bank sent it back, with the reason.
 */
export function PayoutLine({ payout }: { payout: NonNullable<cashier.Withdrawal['payout']> }) {
  const { t } = useTranslation();
  const state = payout.status === 'paid' ? 'paid' : payout.status === 'failed' || payout.status === 'bounced' ? 'returned' : 'paying';
  return (
    <p className={`w-small w-payout w-payout--${state}`} data-testid="payout" data-payout={payout.status} role="status">
      <strong>{t(`wallet.payout.${state}`)}</strong>
      {state === 'returned' && <> · {t(`wallet.payout.${payout.status}`)}{payout.detail && <>: {t(`wallet.payout.reason.${payout.detail}`, { defaultValue: payout.detail })}</>}</>}
      {' · '}<DateTime value={payout.updatedAt} />
    </p>
  );
}
