/** transferFund (main <-> game wallets, recall all) and transferUpline. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { wallet } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { isApiError } from '@/lib/api';
import { Field, PasswordInput } from '@/features/session';
import { useBalance, usePaymentPassword, useRecallAll, useTransferUpline, useWalletTransfer } from '../api';
import { SubmitKey, toMinor, validateAmount } from '@/lib/amounts';
import { EmptyState, ErrorState, FormNote, Money, Panel, SkeletonRows, amountErrorText, apiErrorText } from '@/components/ui/kit';
import './wallet.css';

function walletLabel(t: (k: string) => string, w: { wallet: string; name: string }): string {
  if (w.wallet === wallet.MAIN_WALLET) return t('wallet.transfer.main');
  if (w.wallet === 'bonus') return t('wallet.transfer.bonus');
  return w.name;
}

export function TransferFundPage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const transfer = useWalletTransfer();
  const recall = useRecallAll();
  const key = useRef(new SubmitKey());
  const recallKey = useRef(new SubmitKey());
  const [from, setFrom] = useState<string>(wallet.MAIN_WALLET);
  const [to, setTo] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  if (balance.isPending) return <div className="w-page"><Panel title={t('wallet.transfer.title')}><SkeletonRows rows={3} cols={3} /></Panel></div>;
  if (balance.isError) return <div className="w-page"><Panel title={t('wallet.transfer.title')}><ErrorState error={balance.error} onRetry={() => balance.refetch()} /></Panel></div>;

  const b = balance.data;
  const sym = b.currencySymbol;
  const games = b.balance.filter((w) => w.wallet.startsWith(wallet.GAME_WALLET_PREFIX));
  const transferable = b.balance.filter((w) => w.wallet === wallet.MAIN_WALLET || w.wallet.startsWith(wallet.GAME_WALLET_PREFIX));
  const target = to || games[0]?.wallet || '';
  const source = b.balance.find((w) => w.wallet === from);
  const amountError = validateAmount(amount, { available: source?.availBalance });
  const gamesTotal = games.reduce((s, g) => s + (toMinor(g.availBalance) ?? 0n), 0n);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setNote(null);
    if (amountError || !target || transfer.isPending) return;
    const body = { from, to: from === wallet.MAIN_WALLET ? target : wallet.MAIN_WALLET, amount: amount.trim() };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    transfer.mutate({ ...body, requestId }, {
      onSuccess: () => { key.current.settle(); setAmount(''); setTouched(false); setNote(t('wallet.transfer.done')); },
      onError: (err) => { if (isApiError(err) && err.status > 0) key.current.settle(); },
    });
  };
  const recallAll = () => {
    setNote(null);
    const requestId = recallKey.current.forAttempt('recall');
    recall.mutate(requestId, {
      onSuccess: (r) => { recallKey.current.settle(); setNote(toMinor(r.amount) ? t('wallet.transfer.recalled') : t('wallet.transfer.nothingToRecall')); },
      onError: (err) => { if (isApiError(err) && err.status > 0) recallKey.current.settle(); },
    });
  };
  const other = from === wallet.MAIN_WALLET ? target : wallet.MAIN_WALLET;

  return (
    <div className="w-page" data-testid="page-transferFund">
      <Panel
        title={t('wallet.transfer.wallets')}
        actions={
          <button type="button" className="btn btn--primary btn--sm" onClick={recallAll} disabled={recall.isPending || gamesTotal === 0n} data-testid="recall-all">
            <Icon name="refresh" size={16} /> {t('wallet.transfer.recallAll')}
          </button>
        }
      >
        <div className="w-wallets">
          {b.balance.map((w) => (
            <div key={w.wallet} className={`w-wallet ${w.wallet === wallet.MAIN_WALLET ? 'w-wallet--main' : ''}`}>
              <span className="w-wallet__name">{walletLabel(t, w)}</span>
              <strong className="w-wallet__amount"><Money value={w.availBalance} symbol={sym} /></strong>
            </div>
          ))}
        </div>
        <p className="w-total-line">{t('wallet.transfer.total')} <strong><Money value={b.sumBalance} symbol={sym} /></strong></p>
        {recall.isError && <FormNote>{apiErrorText(recall.error)}</FormNote>}
      </Panel>
      <Panel title={t('wallet.transfer.title')}>
        {games.length === 0 ? (
          <EmptyState icon="wallet" title={t('wallet.transfer.noGameWallets')} />
        ) : (
          <form className="w-form" onSubmit={submit} noValidate>
            <div className="w-transfer">
              <label className="field">
                <span className="field__label">{t('wallet.transfer.from')}</span>
                <select className="input select" value={from} onChange={(e) => { setFrom(e.target.value); if (e.target.value !== wallet.MAIN_WALLET) setTo(e.target.value); }}>
                  {transferable.map((w) => <option key={w.wallet} value={w.wallet}>{walletLabel(t, w)}</option>)}
                </select>
              </label>
              <button type="button" className="icon-btn w-transfer__swap" aria-label={t('wallet.transfer.swap')} onClick={() => { if (from === wallet.MAIN_WALLET) { setFrom(target); setTo(target); } else { setTo(from); setFrom(wallet.MAIN_WALLET); } }}>
                <Icon name="refresh" size={18} />
              </button>
              <label className="field">
                <span className="field__label">{t('wallet.transfer.to')}</span>
                <select className="input select" value={other} disabled={from !== wallet.MAIN_WALLET} onChange={(e) => setTo(e.target.value)}>
                  {from === wallet.MAIN_WALLET
                    ? games.map((w) => <option key={w.wallet} value={w.wallet}>{walletLabel(t, w)}</option>)
                    : <option value={wallet.MAIN_WALLET}>{t('wallet.transfer.main')}</option>}
                </select>
              </label>
            </div>
            <div className={`field ${touched && amountError ? 'field--error' : ''}`}>
              <label className="field__label" htmlFor="transfer-amount">{t('wallet.transfer.amount')}</label>
              <div className="field__control w-amount">
                <span className="w-amount__sym" aria-hidden="true">{sym}</span>
                <input id="transfer-amount" className="input w-amount__input" inputMode="decimal" dir="ltr" value={amount} onChange={(e) => setAmount(e.target.value)} onBlur={() => amount && setTouched(true)} />
                <button type="button" className="w-amount__max" onClick={() => setAmount(source?.availBalance ?? '')}>{t('wallet.withdraw.all')}</button>
              </div>
              {touched && amountError && <p className="field__error" role="alert">{amountErrorText(t, amountError, sym)}</p>}
            </div>
            {transfer.isError && <FormNote>{apiErrorText(transfer.error)}</FormNote>}
            {note && <FormNote tone="success">{note}</FormNote>}
            <button type="submit" className="btn btn--primary btn--lg w-submit" disabled={transfer.isPending}>{transfer.isPending ? t('common.loading') : t('wallet.transfer.submit')}</button>
          </form>
        )}
        {games.length === 0 && note && <FormNote tone="success">{note}</FormNote>}
      </Panel>
    </div>
  );
}

export function TransferUplinePage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const pwd = usePaymentPassword();
  const send = useTransferUpline();
  const key = useRef(new SubmitKey());
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);
  const main = balance.data?.balance.find((w) => w.wallet === wallet.MAIN_WALLET);
  const sym = balance.data?.currencySymbol ?? '';
  const amountError = validateAmount(amount, { available: main?.availBalance });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setDone(false);
    if (amountError || send.isPending) return;
    const body = { amount: amount.trim() };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    send.mutate({ ...body, requestId, paymentPassword: password || undefined }, {
      onSuccess: () => { key.current.settle(); setAmount(''); setPassword(''); setTouched(false); setDone(true); },
      onError: (err) => { if (isApiError(err) && err.status > 0) key.current.settle(); },
    });
  };
  return (
    <div className="w-page" data-testid="page-transferUpline">
      <Panel title={t('wallet.upline.title')}>
        {balance.isPending ? <SkeletonRows rows={2} cols={2} /> : balance.isError ? <ErrorState error={balance.error} onRetry={() => balance.refetch()} /> : (
          <form className="w-form w-form--narrow" onSubmit={submit} noValidate>
            <p className="w-lead">{t('wallet.upline.lead')}</p>
            <div className="w-stat w-stat--main">
              <span className="w-stat__label">{t('wallet.transfer.main')}</span>
              <strong className="w-stat__value"><Money value={main?.availBalance} symbol={sym} /></strong>
            </div>
            <div className={`field ${touched && amountError ? 'field--error' : ''}`}>
              <label className="field__label" htmlFor="upline-amount">{t('wallet.transfer.amount')}</label>
              <div className="field__control w-amount">
                <span className="w-amount__sym" aria-hidden="true">{sym}</span>
                <input id="upline-amount" className="input w-amount__input" inputMode="decimal" dir="ltr" value={amount} onChange={(e) => setAmount(e.target.value)} onBlur={() => amount && setTouched(true)} />
              </div>
              {touched && amountError && <p className="field__error" role="alert">{amountErrorText(t, amountError, sym)}</p>}
            </div>
            {pwd.data?.isSet && (
              <Field label={t('wallet.pwd.label')} optional>
                {(a) => <PasswordInput {...a} inputMode="numeric" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value.replace(/\D/g, '').slice(0, 6))} />}
              </Field>
            )}
            {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
            {done && <FormNote tone="success">{t('wallet.upline.done')}</FormNote>}
            <button type="submit" className="btn btn--primary btn--lg" disabled={send.isPending}>{send.isPending ? t('common.loading') : t('wallet.upline.submit')}</button>
          </form>
        )}
      </Panel>
    </div>
  );
}
