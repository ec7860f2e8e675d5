// The margin of a figure against its goal text ("<= 5 s", ">= 3000/s", "≥ 0.5", "<= 5 (the account lock)").

const number = (v) => {
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(String(v));
  return m ? Number(m[0].replace(/,/g, '')) : NaN;
};

/**
 * value / goal for an "at least" goal, goal / value for an "at most" one, so > 1 means inside
 * the goal by that factor; '' when the goal is not a bound or a number is missing.
 */
export function marginOf(value, goal) {
  const m = /^\s*(<=|>=|≤|≥|<|>)\s*(.*)$/.exec(String(goal ?? ''));
  if (!m) return '';
  const v = number(value);
  const g = number(m[2]);
  if (!Number.isFinite(v) || !Number.isFinite(g)) return '';
  const atLeast = m[1] === '>=' || m[1] === '≥' || m[1] === '>';
  if (atLeast) return g === 0 ? '' : `${(v / g).toFixed(2)}×`;
  if (v === 0) return g >= 0 ? '∞' : '';
  return `${(g / v).toFixed(2)}×`;
}
