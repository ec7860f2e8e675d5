/**
 * The bet slip: the picked bets, an amount per bet (one for all, each line editable), the
 * possible win of each line, the total, and the submit. A submit carries a requestId that a
 * retry of the same slip reuses (a double click or a retry after a network error places the
 * bets once). Server refusals show translated from their errorCode; a closed issue asks the page
 * for the next one.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lottery } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { SubmitKey } from '@/lib/amounts';
import { amountErrorText, apiErrorText, FormNote, Money } from '@/components/ui/kit';
import { usePlaceBets } from '../api';
import { addLines, lineError, possibleWin, slipBody, slipFingerprint, slipReady, slipTotal, type Limits, type SlipLine } from '../slip';
import { useBetLabel } from './bits';

/** The slip's state: its lines and the amount new lines get. */
export function useSlip(defaultAmount: string | undefined) {
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [typedEach, setAmountEach] = useState<string | null>(null);
  const amountEach = typedEach ?? defaultAmount ?? '';
  const add = (picked: readonly SlipLine[]) => {
    const r = addLines(lines, picked.map((l) => ({ ...l, amount: amountEach })));
    setLines(r.slip);
    return r;
  };
  return { lines, setLines, amountEach, setAmountEach, add };
}
export type Slip = ReturnType<typeof useSlip>;

export interface SlipTarget {
  gameCode: string;
  numero: string | null;
  /** VN: every province issue of the draw time (the slip goes on each); absent: `numero` only. */
  numeros?: string[];
  prizeMode: lottery.PrizeMode;
  /** Bets are taken (the issue is open and before its cut-off). */
  open: boolean;
}

export function BetSlip({ slip, options, limits, target, symbol, notice, onClosed }: {
  slip: Slip;
  options: lottery.BetOption[];
  limits: Limits | undefined;
  target: SlipTarget;
  symbol: string;
  /** A message from the board (added, duplicate, slip full). */
  notice?: string;
  /** The server said the issue is closed: the page reads the current issue again. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const place = usePlaceBets();
  const key = useRef(new SubmitKey());
  const [done, setDone] = useState('');
  const { lines, setLines, amountEach, setAmountEach } = slip;
  const odds = (bt: lottery.BetType) => options.find((o) => o.betType === bt)?.odds;
  const eachError = amountEach.trim() ? lineError({ amount: amountEach }, limits) : null;
  const ready = slipReady(lines, limits);
  const issues = target.numeros?.length ?? 1;
  const total = slipTotal(lines, issues);

  const setAmount = (k: string, amount: string) => setLines(lines.map((l) => (l.key === k ? { ...l, amount } : l)));
  const submit = () => {
    if (!ready || !target.open || !target.numero || place.isPending) return;
    const base = slipBody(lines, { gameCode: target.gameCode, numero: target.numero, numeros: target.numeros, prizeMode: target.prizeMode }, '');
    const requestId = key.current.forAttempt(slipFingerprint(base));
    setDone('');
    place.mutate({ ...base, requestId }, {
      onSuccess: (v) => {
        key.current.settle();
        setLines([]);
        setDone(t('lottery.slip.placed', { count: v.bets.length, numero: (target.numeros ?? [target.numero]).join(', ') }));
      },
      onError: (e) => {
        // An answered refusal ends this attempt; a lost answer (network) keeps the id for the retry.
        if (isApiError(e) && e.status > 0) key.current.settle();
        if (isApiError(e) && e.errorCode === 'lottery.draw.closed') onClosed();
      },
    });
  };

  return (
    <section id="lt-slip" className="lt-slip" aria-labelledby="lt-slip-title" data-testid="bet-slip" tabIndex={-1}>
      <header className="lt-slip__head">
        <h2 id="lt-slip-title" className="lt-slip__title">
          <Icon name="receipt" size={18} /> {t('lottery.slip.title')}
          {lines.length > 0 && <span className="badge badge--inline">{lines.length}</span>}
        </h2>
        {target.numero && <span className="lt-muted lt-small num">{t('lottery.slip.issue', { numero: target.numero })}</span>}
      </header>

      <div className="lt-slip__each">
        <label className="lt-slip__eachlabel" htmlFor="lt-amount-each">{t('lottery.slip.amountEach')}</label>
        <div className="lt-slip__eachrow">
          <input
            id="lt-amount-each"
            className={`input input--sm num${eachError ? ' is-invalid' : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={amountEach}
            aria-invalid={!!eachError}
            aria-describedby="lt-limits"
            onChange={(e) => setAmountEach(e.target.value)}
          />
          <button type="button" className="btn btn--ghost btn--sm" disabled={!lines.length || !!eachError || !amountEach.trim()} onClick={() => setLines(lines.map((l) => ({ ...l, amount: amountEach })))}>
            {t('lottery.slip.applyAll')}
          </button>
        </div>
        {limits && (
          <p id="lt-limits" className="lt-muted lt-small">
            {t('lottery.slip.limits', { min: formatMoney(limits.minBet, { symbol }), max: formatMoney(limits.maxBet, { symbol }) })}
          </p>
        )}
      </div>

      {notice && lines.length > 0 && <p className="lt-slip__notice" role="status">{notice}</p>}

      {lines.length === 0 ? (
        <p className="lt-slip__empty">{t('lottery.slip.empty')}</p>
      ) : (
        <ul className="lt-slip__lines">
          {lines.map((l) => {
            const name = label(l.betType, l.numbers);
            const err = lineError(l, limits);
            const win = possibleWin(l.amount, odds(l.betType));
            const id = `lt-line-${l.key.replace(/\W/g, '_')}`;
            return (
              <li key={l.key} className={`lt-line${err ? ' is-invalid' : ''}`} data-testid="slip-line">
                <div className="lt-line__top">
                  <span className="lt-line__name">{name}</span>
                  <button type="button" className="icon-btn icon-btn--sm" aria-label={t('lottery.slip.remove', { bet: name })} onClick={() => setLines(lines.filter((x) => x.key !== l.key))}>
                    <Icon name="close" size={16} />
                  </button>
                </div>
                <div className="lt-line__row">
                  <input
                    className="input input--sm num lt-line__amount"
                    inputMode="decimal"
                    autoComplete="off"
                    value={l.amount}
                    aria-label={t('lottery.slip.amount', { bet: name })}
                    aria-invalid={!!err}
                    aria-describedby={err ? `${id}-err` : undefined}
                    onChange={(e) => setAmount(l.key, e.target.value)}
                  />
                  <span className="lt-line__win lt-small">
                    {win && (l.betType === 'lo2'
                      ? t('lottery.slip.perOccurrence', { amount: formatMoney(win, { symbol }) })
                      : t('lottery.slip.win', { amount: formatMoney(win, { symbol }) }))}
                  </span>
                </div>
                {err && <p id={`${id}-err`} className="field__error">{amountErrorText(t, err, symbol)}</p>}
              </li>
            );
          })}
        </ul>
      )}

      <footer className="lt-slip__foot">
        <p className="lt-slip__total">
          <span>
            {t('lottery.slip.count', { count: lines.length })}
            {issues > 1 && <> × {t('lottery.slip.provinces', { count: issues })}</>} · {t('lottery.slip.total')}
          </span>
          <Money value={total} symbol={symbol} className="lt-slip__sum" />
        </p>
        {!target.open && <FormNote tone="info">{t('lottery.slip.closed')}</FormNote>}
        {place.isError && <FormNote>{apiErrorText(place.error)}</FormNote>}
        {done && <FormNote tone="success">{done}</FormNote>}
        <div className="lt-slip__actions">
          <button type="button" className="btn btn--ghost" disabled={!lines.length || place.isPending} onClick={() => { setLines([]); place.reset(); }}>
            {t('lottery.slip.clear')}
          </button>
          <button type="button" className="btn btn--primary lt-slip__place" disabled={!ready || !target.open || place.isPending} onClick={submit} data-testid="place-bets">
            {place.isPending ? t('lottery.slip.placing') : t('lottery.slip.place')}
          </button>
        </div>
        {lines.length > 0 && !ready && <p className="lt-muted lt-small">{t('lottery.slip.fix')}</p>}
      </footer>
    </section>
  );
}
