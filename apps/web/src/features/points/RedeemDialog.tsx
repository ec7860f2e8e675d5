/**
 * The redeem popup: the reward, the points it costs against the balance, the delivery details for
 * a physical item (receiver, address, mobile) and the withdrawal password. One requestId per
 * intent (a double click or a retry is the same redemption).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { points as P } from '@lobby/contract';
import { Modal } from '@/components/Modal';
import { isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { Field, PasswordInput } from '@/features/session';
import { PaymentPasswordForm } from '@/features/wallet';
import { FormNote, apiErrorText } from '@/components/ui/kit';
import { SubmitKey } from '@/lib/amounts';
import { usePointSummary, useRedeem } from './api';
import { deliveryErrors, pinError, formatPoints } from './logic';

export function RedeemDialog({ reward, onClose }: { reward: P.Reward; onClose: () => void }) {
  const { t } = useTranslation();
  const summary = usePointSummary(true);
  const redeem = useRedeem();
  const key = useRef(new SubmitKey());
  const [d, setD] = useState({ receiver: '', address: '', mobile: '' });
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const item = reward.kind === 'item';
  const errs = item ? deliveryErrors(d) : {};
  const balance = summary.data?.balance ?? '0';
  const short = BigInt(balance) < BigInt(reward.cost);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(errs).length || pinError(pin) || short || redeem.isPending) return;
    const body = { rewardId: reward.id, ...(item ? d : {}) };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    redeem.mutate({ ...body, paymentPassword: pin, requestId }, {
      onSuccess: (r) => {
        key.current.settle();
        showToast(t('points.redeemed', { orderNo: r.orderNo }));
        onClose();
      },
      onError: (err) => { if (isApiError(err) && err.status > 0) key.current.settle(); },
    });
  };
  const set = (k: keyof typeof d) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  return (
    <Modal title={t('points.redeemTitle')} onClose={onClose} size="sm">
      <div className="pm-redeem" data-testid="redeem-dialog">
        <div className="pm-redeem__reward">
          <img src={reward.image} alt="" />
          <div>
            <strong>{reward.name}</strong>
            <p className="muted">{reward.kind === 'voucher' ? t('points.voucherNote', { amount: reward.voucherAmount }) : reward.description}</p>
          </div>
        </div>
        <dl className="pm-redeem__calc">
          <div><dt>{t('points.cost')}</dt><dd className="num">{formatPoints(reward.cost)}</dd></div>
          <div><dt>{t('points.balance')}</dt><dd className={`num ${short ? 'is-short' : ''}`}>{formatPoints(balance)}</dd></div>
        </dl>
        {summary.data && !summary.data.hasPaymentPassword ? (
          <>
            <p className="w-lead w-small">{t('points.needPassword')}</p>
            <PaymentPasswordForm isSet={false} onDone={() => void summary.refetch()} />
          </>
        ) : (
          <form className="w-form" onSubmit={submit} noValidate data-testid="redeem-form">
            {item && (
              <>
                <Field label={t('points.receiver')} error={touched && errs.receiver ? t('points.err.receiver') : null} required>
                  {(a) => <input {...a} className="input" name="receiver" autoComplete="name" maxLength={60} value={d.receiver} onChange={set('receiver')} />}
                </Field>
                <Field label={t('points.address')} error={touched && errs.address ? t('points.err.address') : null} required>
                  {(a) => <textarea {...a} className="input pm-textarea" name="address" autoComplete="street-address" maxLength={200} rows={2} value={d.address} onChange={set('address')} />}
                </Field>
                <Field label={t('points.mobile')} error={touched && errs.mobile ? t('points.err.mobile') : null} required>
                  {(a) => <input {...a} className="input" name="mobile" type="tel" inputMode="tel" autoComplete="tel" maxLength={24} dir="ltr" value={d.mobile} onChange={set('mobile')} />}
                </Field>
              </>
            )}
            <Field label={t('wallet.pwd.label')} error={touched && pinError(pin) ? t('wallet.pwd.format') : null} required>
              {(a) => <PasswordInput {...a} name="paymentPassword" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))} />}
            </Field>
            {short && <FormNote>{t('points.short', { need: reward.cost })}</FormNote>}
            {redeem.isError && <FormNote>{apiErrorText(redeem.error)}</FormNote>}
            <button type="submit" className="btn btn--primary btn--lg" disabled={redeem.isPending || short} data-testid="redeem-submit">
              {redeem.isPending ? t('common.loading') : t('points.confirmRedeem', { cost: formatPoints(reward.cost) })}
            </button>
          </form>
        )}
      </div>
    </Modal>
  );
}
