/** Shared controls: a labelled field, the bet amount (½, ×2, limits, inline error), a stats box and the play button. */
import { h, type Child } from './dom';
import { checkAmount, defaultBet, money, stepAmount, toDecimal } from './format';
import { t } from './i18n';

export interface AmountField {
  el: HTMLElement;
  /** The amount in minor units, or null after showing why it is refused. */
  read(): bigint | null;
  value(): string;
  onChange(fn: () => void): void;
}

/** A control with its label above it. */
export function field(label: string, ...children: Child[]): HTMLElement {
  return h('div', { class: 'dv-field' }, h('label', {}, label), children);
}

/** "Min 0.10 · Max 1,000.00" under a bet control. */
export function limitsLine(min: string, max: string): HTMLElement {
  return h('p', { class: 'dv-muted dv-limits' }, t('limits', { min: money(min), max: money(max) }));
}

/** Label and value pairs shown side by side (lines, total bet, win chance...). */
export function stats(rows: Array<[string, Child]>): HTMLElement {
  return h('div', { class: 'dv-stats' }, rows.map(([label, value]) => h('div', {}, h('span', {}, label), value)));
}

/** The amount field of a bet, starting at 1.00 within the limits. */
export function amountField(label: string, min: string, max: string): AmountField {
  const input = h('input', { class: 'dv-input dv-amount', inputmode: 'decimal', autocomplete: 'off', value: defaultBet(min, max), 'aria-label': label });
  const err = h('p', { class: 'dv-field-error', hidden: true });
  const listeners: Array<() => void> = [];
  const changed = () => {
    err.hidden = true;
    for (const fn of listeners) fn();
  };
  input.addEventListener('input', changed);
  const step = (f: 2 | 0.5) => () => {
    input.value = stepAmount(input.value, f, min, max);
    changed();
  };
  const el = field(label,
    h('div', { class: 'dv-amount-row' },
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: step(0.5) }, t('half')),
      input,
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: step(2) }, t('double'))),
    limitsLine(min, max),
    err);
  return {
    el,
    value: () => input.value,
    onChange: (fn) => listeners.push(fn),
    read() {
      const r = checkAmount(input.value, min, max);
      if ('minor' in r) {
        err.hidden = true;
        input.value = toDecimal(r.minor);
        return r.minor;
      }
      err.hidden = false;
      err.textContent = t(`amount.${r.error}`, { min: money(min), max: money(max) });
      input.focus();
      return null;
    },
  };
}

/** The big play button. */
export function playBtn(label: string, onClick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: 'dv-btn dv-btn-play', onClick }, label);
}
