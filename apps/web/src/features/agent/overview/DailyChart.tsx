/**
 * A hand-made SVG bar chart of one or two daily series (no chart library in the bundle). Bars are
 * grouped per day; the y axis has "nice" ticks; every bar has a <title> with its exact value for
 * hover and screen readers. The SVG scales to its box (viewBox), labels thin out on narrow ranges.
 */
import { niceScale } from '../logic';

export interface Series {
  key: string;
  label: string;
  /** One value per day (same order as `days`). */
  values: number[];
  /** Display text of each value (money with 2 decimals, counts as they are). */
  texts: string[];
  tone: 'primary' | 'accent' | 'success' | 'danger';
}

const W = 720;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** 1200 -> "1.2K", 3400000 -> "3.4M" (axis labels only). */
export function compact(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e9) return `${+(n / 1e9).toFixed(1)}B`;
  if (a >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (a >= 1e3) return `${+(n / 1e3).toFixed(1)}K`;
  return String(+n.toFixed(2));
}

export function DailyChart({ days, series, label }: { days: string[]; series: Series[]; label: string }) {
  const { max, ticks } = niceScale(series.flatMap((s) => s.values));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, Math.min(28, (slot * 0.72) / series.length));
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / max) * plotH;
  const every = Math.ceil(days.length / 8);

  return (
    <figure className="ac-chart" data-testid="overview-chart">
      <div className="ac-chart__scroll"><svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="ac-chart__svg">
        {ticks.map((tk) => (
          <g key={tk} className="ac-chart__grid">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tk)} y2={y(tk)} />
            <text x={PAD.left - 8} y={y(tk) + 4} textAnchor="end">{compact(tk)}</text>
          </g>
        ))}
        {days.map((d, i) => {
          const x0 = PAD.left + i * slot + (slot - barW * series.length) / 2;
          return (
            <g key={d} data-day={d}>
              {series.map((s, j) => {
                const v = s.values[i] ?? 0;
                const top = y(v);
                return (
                  <rect key={s.key} className={`ac-chart__bar ac-chart__bar--${s.tone}`} x={x0 + j * barW} y={top} width={Math.max(1, barW - 1)} height={Math.max(0, PAD.top + plotH - top)} rx={Math.min(3, barW / 3)}>
                    <title>{`${d} · ${s.label}: ${s.texts[i] ?? '0'}`}</title>
                  </rect>
                );
              })}
              {i % every === 0 && (
                <text className="ac-chart__day" x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle">{d.slice(5)}</text>
              )}
            </g>
          );
        })}
      </svg></div>
      <figcaption className="ac-chart__legend">
        {series.map((s) => (
          <span key={s.key} className="ac-chart__key"><i className={`ac-chart__swatch ac-chart__bar--${s.tone}`} aria-hidden="true" />{s.label}</span>
        ))}
      </figcaption>
    </figure>
  );
}
