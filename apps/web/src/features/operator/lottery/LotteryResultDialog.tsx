/**
 * The official result of a VN issue, typed from the official source (issue 21): one field per
 * prize (its numbers separated by spaces), checked against the region's structure before it is
 * sent. The first entry waits for a second operator, who types it again (four eyes): equal
 * entries publish the result and settle the bets; different ones block the issue (the row shows
 * the prizes that differ) until the entries are discarded.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lottery, operatorLottery } from '@lobby/contract';
import { useOpAction } from '../api';
import { Dialog, errMsg, Notice } from '../ui';

interface Props {
  row: operatorLottery.DrawRow;
  game: operatorLottery.ConsoleGame;
  lang: 'ES' | 'EN';
  onClose: () => void;
  onDone: (text: string) => void;
}

const split = (s: string) => s.split(/[\s,;·]+/).filter(Boolean);

export function ResultDialog({ row, game, lang, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const structure = lottery.VN_STRUCTURE[game.region ?? 'north'];
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const entering = useOpAction(operatorLottery.enterResult);
  const confirming = row.official?.state === 'awaiting';
  const faults = structure.flatMap((s) => {
    const numbers = split(values[s.prize] ?? '');
    const ok = numbers.length === s.count && numbers.every((n) => new RegExp(`^[0-9]{${s.digits}}$`).test(n));
    return ok ? [] : [s.prize];
  });
  const submit = async () => {
    setError(null);
    try {
      const prizes = structure.map((s) => ({ prize: s.prize, numbers: split(values[s.prize] ?? '') }));
      const r = await entering.mutateAsync({ gameCode: game.gameCode, numero: row.numero, prizes });
      onDone(t(`console.lt.entered.${r.outcome}`, { numero: row.numero, count: r.settled }));
    } catch (e) {
      setError(errMsg(e));
    }
  };
  const where = row.province ? `${game.name[lang]} · ${row.province.name}` : game.name[lang];
  return (
    <Dialog title={t(confirming ? 'console.lt.confirmTitle' : 'console.lt.enterTitle', { numero: row.numero })} onClose={onClose} busy={entering.isPending} buttons={<>
      <button type="button" className="oc-btn" onClick={onClose} disabled={entering.isPending}>{t('console.lt.cancel')}</button>
      <button type="button" className="oc-btn oc-primary" data-testid="result-submit" disabled={faults.length > 0 || entering.isPending} onClick={() => void submit()}>
        {t(confirming ? 'console.lt.confirmResult' : 'console.lt.saveResult')}
      </button>
    </>}>
      <p>{t(confirming ? 'console.lt.confirmIntro' : 'console.lt.enterIntro', { game: where, name: row.official?.entries[0]?.by ?? '' })}</p>
      <div className="lc-result-form" data-testid="result-form">
        {structure.map((s) => {
          const bad = faults.includes(s.prize) && (values[s.prize] ?? '') !== '';
          return (
            <label key={s.prize} className={`lc-result-field${s.count * (s.digits + 1) > 20 ? ' lc-result-field--wide' : ''}`}>
              <span>{t(`console.lt.prize.${s.prize}`, { defaultValue: s.prize })} <small className="oc-muted">{t('console.lt.shape', { count: s.count, digits: s.digits })}</small></span>
              <input name={s.prize} inputMode="numeric" autoComplete="off" aria-invalid={bad} value={values[s.prize] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [s.prize]: e.target.value }))} />
            </label>
          );
        })}
      </div>
      <small className="oc-muted">{t('console.lt.resultHint')}</small>
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
