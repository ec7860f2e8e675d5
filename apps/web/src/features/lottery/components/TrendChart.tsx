/**
 * The trend of the last draws, drawn by hand in SVG (no chart library): a line of one value
 * per draw (oldest on the left) with its average, and how often each digit 0–9 came out.
 * Both are described in text too (title/desc and a visually hidden table) for screen readers.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendPoint } from '../trend';

const W = 640;
const H = 200;
const PAD = { top: 14, right: 14, bottom: 28, left: 34 };

export function TrendLine({ points, max, title }: { points: TrendPoint[]; max: number; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (points.length < 2) return <p className="lt-muted">{t('lottery.trend.few')}</p>;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? iw / 2 : (i * iw) / (points.length - 1));
  const y = (v: number) => PAD.top + ih - (Math.min(v, max) / (max || 1)) * ih;
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const avg = points.reduce((s, p) => s + p.value, 0) / points.length;
  const ticks = [0, Math.round(max / 2), max];
  const every = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure className="lt-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} preserveAspectRatio="none" className="lt-chart__svg">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{t('lottery.trend.desc', { count: points.length, avg: avg.toFixed(1) })}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="lt-chart__grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="lt-chart__tick">{v}</text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(avg)} y2={y(avg)} className="lt-chart__avg" />
        <path d={`${path} L${x(points.length - 1).toFixed(1)},${PAD.top + ih} L${PAD.left},${PAD.top + ih} Z`} className="lt-chart__area" />
        <path d={path} className="lt-chart__line" />
        {points.map((p, i) => (
          <g key={p.label}>
            <circle cx={x(i)} cy={y(p.value)} r={3.5} className="lt-chart__dot">
              <title>{`${p.label}: ${p.value}`}</title>
            </circle>
            {i % every === 0 && (
              <text x={x(i)} y={H - 8} textAnchor="middle" className="lt-chart__tick">{p.label.slice(-4)}</text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="lt-chart__legend">
        <span className="lt-chart__key lt-chart__key--line">{title}</span>
        <span className="lt-chart__key lt-chart__key--avg">{t('lottery.trend.average', { avg: avg.toFixed(1) })}</span>
      </figcaption>
    </figure>
  );
}

/** How many times each digit came out: ten bars, the most frequent one highlighted. */
export function DigitBars({ counts, title }: { counts: number[]; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  const max = Math.max(1, ...counts);
  const top = counts.indexOf(Math.max(...counts));
  return (
    <figure className="lt-bars">
      <figcaption id={id} className="lt-bars__title">{title}</figcaption>
      <ol className="lt-bars__list" aria-labelledby={id}>
        {counts.map((c, d) => (
          <li key={d} className={`lt-bars__item${d === top && c > 0 ? ' is-top' : ''}`} aria-label={t('lottery.trend.digitCount', { digit: d, count: c })}>
            <span className="lt-bars__bar" style={{ blockSize: `${(c / max) * 100}%` }} aria-hidden="true">
              <span className="lt-bars__count num">{c}</span>
            </span>
            <span className="lt-bars__digit num" aria-hidden="true">{d}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
