/**
 * Where bets are picked. Options without numbers (big, small, odd, even) are one button each:
 * a click puts the bet on the slip. Numbered types are chosen with pills; 2-digit numbers come
 * from a 00–99 grid (or typed), 3-digit ones are typed (or drawn at random). One bet per number,
 * except xiên: one bet of exactly 2, 3 or 4 numbers.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lottery } from '@lobby/contract';
import { allNumbers, cleanNumber, isChoiceType, isComboType, isValidNumber, linesOfPick, randomNumber, togglePick, type SlipLine } from '../slip';

type BetOption = lottery.BetOption;

const GRID = allNumbers(2);

export function BetBoard({ options, disabled, onAdd }: { options: BetOption[]; disabled: boolean; onAdd: (lines: SlipLine[]) => void }) {
  const { t } = useTranslation();
  const choices = options.filter(isChoiceType);
  const numbered = options.filter((o) => !isChoiceType(o));
  const [typeState, setType] = useState<lottery.BetType | null>(null);
  const option = numbered.find((o) => o.betType === typeState) ?? numbered[0];
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');

  const choose = (o: BetOption) => {
    setType(o.betType);
    setPicked([]);
    setTyped('');
  };
  const lines = option ? linesOfPick(option, picked, '') : null;
  const add = () => {
    if (!lines) return;
    onAdd(lines);
    setPicked([]);
  };
  const typeIn = (e: FormEvent) => {
    e.preventDefault();
    if (!option || !isValidNumber(typed, option.digits)) return;
    setPicked((p) => (p.includes(typed) ? p : togglePick(p, typed, option)));
    setTyped('');
  };
  const quick = () => {
    if (!option) return;
    const combo = isComboType(option);
    if (!combo && picked.length >= 10 ** option.digits) return;
    const next = combo ? [] : [...picked];
    const target = combo ? option.numbers : picked.length + 1;
    while (next.length < target) {
      const n = randomNumber(option.digits);
      if (!next.includes(n)) next.push(n);
    }
    setPicked(next);
  };

  return (
    <div className="lt-board" data-testid="bet-board">
      {choices.length > 0 && (
        <div className="lt-choices" role="group" aria-label={t('lottery.board.types')}>
          {choices.map((o) => (
            <button
              key={o.betType}
              type="button"
              className={`lt-choice lt-choice--${o.betType}`}
              disabled={disabled}
              onClick={() => onAdd(linesOfPick(o, [], '') ?? [])}
              title={t(`lottery.betHelp.${o.betType}`, { min: lottery.FAST_BIG_MIN })}
            >
              <span className="lt-choice__name">{t(`lottery.betType.${o.betType}`)}</span>
              <span className="lt-choice__odds num" aria-label={t('lottery.board.oddsLabel', { odds: o.odds })}>{t('lottery.board.odds', { odds: o.odds })}</span>
            </button>
          ))}
        </div>
      )}

      {option && (
        <div className="lt-picker">
          {numbered.length > 1 && (
            <div className="lt-types" role="radiogroup" aria-label={t('lottery.board.types')}>
              {numbered.map((o) => (
                <button
                  key={o.betType}
                  type="button"
                  role="radio"
                  aria-checked={o.betType === option.betType}
                  className={`pill${o.betType === option.betType ? ' is-active' : ''}`}
                  onClick={() => choose(o)}
                >
                  {t(`lottery.betType.${o.betType}`)} <span className="lt-types__odds num">×{o.odds}</span>
                </button>
              ))}
            </div>
          )}
          <p className="lt-help">
            {numbered.length === 1 && <strong>{t(`lottery.betType.${option.betType}`)} <span className="num">×{option.odds}</span> · </strong>}
            {t(`lottery.betHelp.${option.betType}`, { min: lottery.FAST_BIG_MIN })}
          </p>

          {option.digits === 2 ? (
            <div className="lt-numgrid" role="group" aria-label={t('lottery.board.grid')}>
              {GRID.map((n) => {
                const on = picked.includes(n);
                return (
                  <button key={n} type="button" className={`lt-num num${on ? ' is-on' : ''}`} aria-pressed={on} disabled={disabled} onClick={() => setPicked((p) => togglePick(p, n, option))}>
                    {n}
                  </button>
                );
              })}
            </div>
          ) : null}

          <form className="lt-typein" onSubmit={typeIn}>
            <label className="lt-typein__label">
              <span>{t('lottery.board.number', { digits: option.digits })}</span>
              <input
                className="input input--sm num"
                inputMode="numeric"
                autoComplete="off"
                maxLength={option.digits}
                placeholder={'0'.repeat(option.digits)}
                value={typed}
                disabled={disabled}
                onChange={(e) => setTyped(cleanNumber(e.target.value, option.digits))}
              />
            </label>
            <button type="submit" className="btn btn--ghost btn--sm" disabled={disabled || !isValidNumber(typed, option.digits)}>
              {t('lottery.board.pick')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={quick}>
              {t('lottery.board.quick')}
            </button>
          </form>

          <div className="lt-picked">
            <p className="lt-picked__text" aria-live="polite">
              <span className="lt-muted">{isComboType(option) ? t('lottery.board.pickN', { count: option.numbers }) : t('lottery.board.pickSome')} · </span>
              {t('lottery.board.picked')}: <strong className="num" data-testid="picked">{picked.length ? picked.join(' ') : t('lottery.board.none')}</strong>
            </p>
            <div className="lt-picked__actions">
              <button type="button" className="btn btn--ghost btn--sm" disabled={!picked.length} onClick={() => setPicked([])}>
                {t('lottery.board.clear')}
              </button>
              <button type="button" className="btn btn--primary btn--sm" disabled={disabled || !lines} onClick={add} data-testid="add-to-slip">
                {lines && lines.length > 1 ? t('lottery.board.addN', { count: lines.length }) : t('lottery.board.add')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
