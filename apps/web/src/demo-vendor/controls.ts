/** Shared bet controls: an amount field with ½ and ×2, the limits, and an inline error. */
import { h } from './dom';
import { checkAmount, money, stepAmount, toDecimal } from './format';
import { t } from './i18n';

export interface AmountField {
  el: HTMLElement;
  /** The amount in minor units, or null after showing why it is refused. */
  read(): bigint | null;
  value(): string;
  onChange(fn: () => void): void;
}

export function amountField(label: string, min: string, max: string, initial = min): AmountField {
  const input = h('input', { class: 'dv-input dv-amount', inputmode: 'decimal', autocomplete: 'off', value: initial, 'aria-label': label });
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
  const el = h('div', { class: 'dv-field' },
    h('label', {}, label),
    h('div', { class: 'dv-amount-row' },
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: step(0.5) }, t('half')),
      input,
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: step(2) }, t('double'))),
    h('p', { class: 'dv-muted dv-limits' }, t('limits', { min: money(min), max: money(max) })),
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
