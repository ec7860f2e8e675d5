/** The limits form's rules (no React): the draft from the view, and the change to send. */
import { responsible as R } from '@lobby/contract';

export type Draft = Record<R.Field, string>;

const isMinutes = (f: R.Field) => f === 'sessionMinutes' || f === 'realityMinutes';
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

export function draftOf(v: R.LimitsView): Draft {
  return Object.fromEntries(R.FIELDS.map((f) => [f, v[f] === null ? '' : String(v[f])])) as Draft;
}

const same = (f: R.Field, a: string | number | null, b: string | number | null) =>
  a === null || b === null ? a === b : isMinutes(f) ? Number(a) === Number(b) : Number(a).toFixed(2) === Number(b).toFixed(2);

export type Change = { body: R.LimitsBody } | { error: { field: R.Field; kind: 'amount' | 'minutes' } };

/** The fields that differ from the view: an empty box removes the limit. */
export function changesOf(v: R.LimitsView, d: Draft): Change {
  const body: Record<string, string | number | null> = {};
  for (const f of R.FIELDS) {
    const raw = d[f].trim().replace(',', '.');
    let next: string | number | null = null;
    if (raw !== '') {
      if (isMinutes(f)) {
        const n = Number(raw);
        if (!/^\d+$/.test(raw) || n < 5 || n > 1440) return { error: { field: f, kind: 'minutes' } };
        next = n;
      } else {
        if (!AMOUNT.test(raw) || Number(raw) <= 0) return { error: { field: f, kind: 'amount' } };
        next = raw;
      }
    }
    if (!same(f, v[f], next)) body[f] = next;
  }
  return { body: body as R.LimitsBody };
}
