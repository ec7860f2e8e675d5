/**
 * The actions on one downline: transfer (agent main wallet -> the member's main wallet, the money
 * screens' amount rules and an idempotent requestId), edit nickname, reset password and set as
 * agent (both confirmed first). Each closes on success with a toast; a refusal stays in the dialog.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { wallet, type agent } from '@lobby/contract';
import { AlertDialog, Modal } from '@/components/Modal';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useBalance } from '@/features/wallet';
import { FormNote, Money, amountErrorText, apiErrorText } from '@/components/ui/kit';
import { SubmitKey, validateAmount } from '@/lib/amounts';
import { useDownlineTransfer, useEditNickname, useResetPassword, useSetAgent } from '../api';
import { NICKNAME_MAX, nicknameError } from '../logic';

type Downline = agent.Downline;
export type DownlineAction = 'transfer' | 'nickname' | 'resetPassword' | 'setAgent' | 'offer';

export function TransferDialog({ downline, symbol, onClose }: { downline: Downline; symbol: string; onClose: () => void }) {
  const { t } = useTranslation();
  const balance = useBalance();
  const send = useDownlineTransfer();
  const key = useRef(new SubmitKey());
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const main = balance.data?.balance.find((w) => w.wallet === wallet.MAIN_WALLET)?.availBalance;
  const amountError = validateAmount(amount, { available: main });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountError || send.isPending) return;
    const body = { downlineId: downline.memberId, amount: amount.trim() };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    send.mutate({ ...body, requestId }, {
      onSuccess: (r) => {
        key.current.settle();
        showToast(t('agent.transfer.done', { amount: formatMoney(r.amount, { symbol }), account: downline.account }));
        onClose();
      },
      // A definite answer ends this intent; a network failure keeps the id so a retry is the same transfer.
      onError: (err) => { if (isApiError(err) && err.status > 0) key.current.settle(); },
    });
  };
  return (
    <Modal title={t('agent.transfer.title', { account: downline.account })} onClose={onClose} size="sm">
      <form className="w-form" onSubmit={submit} noValidate data-testid="transfer-form">
        <p className="w-lead w-small">{t('agent.transfer.lead')}</p>
        <div className="ac-pair">
          <div className="w-stat w-stat--main">
            <span className="w-stat__label">{t('agent.transfer.mine')}</span>
            <strong className="w-stat__value w-stat__value--sm" data-testid="transfer-available">{balance.isPending ? '…' : <Money value={main} symbol={symbol} />}</strong>
          </div>
          <div className="w-stat">
            <span className="w-stat__label">{t('agent.transfer.theirs', { account: downline.account })}</span>
            <strong className="w-stat__value w-stat__value--sm"><Money value={downline.balance} symbol={symbol} /></strong>
          </div>
        </div>
        <div className={`field ${touched && amountError ? 'field--error' : ''}`}>
          <label className="field__label" htmlFor="downline-amount">{t('agent.transfer.amount')}</label>
          <div className="field__control w-amount">
            <span className="w-amount__sym" aria-hidden="true">{symbol}</span>
            <input id="downline-amount" name="amount" className="input w-amount__input" inputMode="decimal" dir="ltr" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} onBlur={() => amount && setTouched(true)} />
            <button type="button" className="w-amount__max" disabled={!main} onClick={() => setAmount(main ?? '')}>{t('agent.transfer.all')}</button>
          </div>
          {touched && amountError && <p className="field__error" role="alert">{amountErrorText(t, amountError, symbol)}</p>}
        </div>
        {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
        <button type="submit" className="btn btn--primary btn--lg" disabled={send.isPending}>{send.isPending ? t('common.loading') : t('agent.transfer.submit')}</button>
      </form>
    </Modal>
  );
}

export function NicknameDialog({ downline, onClose }: { downline: Downline; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditNickname();
  const [value, setValue] = useState(downline.nickname);
  const [touched, setTouched] = useState(false);
  const error = nicknameError(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error || edit.isPending) return;
    edit.mutate({ memberId: downline.memberId, nickname: value.trim() }, {
      onSuccess: () => { showToast(t('agent.nickname.done', { account: downline.account })); onClose(); },
    });
  };
  return (
    <Modal title={t('agent.nickname.title', { account: downline.account })} onClose={onClose} size="sm">
      <form className="w-form" onSubmit={submit} noValidate data-testid="nickname-form">
        <div className={`field ${touched && error ? 'field--error' : ''}`}>
          <label className="field__label" htmlFor="downline-nickname">{t('agent.nickname.label')}</label>
          <input id="downline-nickname" name="nickname" className="input" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} onBlur={() => setTouched(true)} data-autofocus />
          <p className="ac-count muted w-small num" aria-live="polite">{[...value.trim()].length}/{NICKNAME_MAX}</p>
          {touched && error && <p className="field__error" role="alert">{t(`agent.nickname.${error}`, { max: NICKNAME_MAX })}</p>}
        </div>
        {edit.isError && <FormNote>{apiErrorText(edit.error)}</FormNote>}
        <button type="submit" className="btn btn--primary btn--lg" disabled={edit.isPending}>{edit.isPending ? t('common.loading') : t('agent.nickname.save')}</button>
      </form>
    </Modal>
  );
}

/**
 * What an agent's reset did: a link and code went to the member's own mobile or e-mail (the agent
 * learns no password), or, for a member with neither, the temporary password to hand over, shown
 * this once (withdrawals and transfers stay paused until the member binds a contact of its own).
 */
function ResetResult({ result, account, onClose }: { result: agent.ResetPasswordValue; account: string; onClose: () => void }) {
  const { t } = useTranslation();
  if (result.delivery !== 'temporary') {
    return (
      <AlertDialog tone="info" title={t('agent.reset.sentTitle')} confirmLabel={t('common.gotIt')} onConfirm={onClose}
        message={t(`agent.reset.sent.${result.delivery}`, { account, to: result.to ?? '', minutes: result.expiresInMinutes ?? 0 })} />
    );
  }
  return (
    <Modal title={t('agent.reset.tempTitle')} onClose={onClose} size="sm">
      <div className="w-form" data-testid="reset-temporary">
        <p className="w-lead w-small">{t('agent.reset.tempLead', { account })}</p>
        <p className="ac-temp-password"><code dir="ltr" data-testid="temporary-password">{result.temporaryPassword}</code></p>
        <FormNote tone="info">{t('agent.reset.tempNote')}</FormNote>
        <button type="button" className="btn btn--primary btn--lg" onClick={onClose} data-autofocus>{t('common.gotIt')}</button>
      </div>
    </Modal>
  );
}

/** Reset password or set as agent: a confirmation, then the call; a refusal shows in an error dialog. */
export function ConfirmAction({ action, downline, onClose }: { action: 'resetPassword' | 'setAgent'; downline: Downline; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const setAgent = useSetAgent();
  const m = action === 'resetPassword' ? reset : setAgent;
  const k = action === 'resetPassword' ? 'reset' : 'setAgent';
  const account = downline.account;
  if (m.isError) {
    return <AlertDialog tone="error" message={apiErrorText(m.error)} confirmLabel={t('common.gotIt')} onConfirm={onClose} />;
  }
  if (reset.data) return <ResetResult result={reset.data} account={account} onClose={onClose} />;
  return (
    <AlertDialog
      title={t(`agent.${k}.title`)}
      message={t(`agent.${k}.confirm`, { account })}
      confirmLabel={m.isPending ? t('common.loading') : t(`agent.${k}.submit`)}
      cancelLabel={t('common.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        if (m.isPending) return;
        if (action === 'resetPassword') reset.mutate(downline.memberId);
        else setAgent.mutate(downline.memberId, { onSuccess: () => { showToast(t(`agent.${k}.done`, { account })); onClose(); } });
      }}
    />
  );
}
