/** Dashboard: today's figures, GGR per category and a 7-day SVG chart. */
import { useTranslation } from 'react-i18next';
import { operator, useOp } from '../api';
import { Card, money, Notice, errMsg } from '../ui';

type Series = operator.DashboardValue['series'];

/** Deposits and withdrawals per day as paired bars, registrations as a line. */
function WeekChart({ series }: { series: Series }) {
  const { t } = useTranslation();
  const W = 640;
  const H = 220;
  const pad = 28;
  const max = Math.max(1, ...series.flatMap((d) => [Number(d.deposits), Number(d.withdrawals)]));
  const maxReg = Math.max(1, ...series.map((d) => d.registrations));
  const slot = (W - pad * 2) / series.length;
  const y = (v: number) => H - pad - (v / max) * (H - pad * 2);
  const line = series.map((d, i) => `${pad + slot * i + slot / 2},${H - pad - (d.registrations / maxReg) * (H - pad * 2)}`).join(' ');
  return (
    <figure className="oc-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('console.dash.week')}>
        <line x1={pad} x2={W - pad} y1={H - pad} y2={H - pad} className="oc-axis" />
        {series.map((d, i) => {
          const x = pad + slot * i + slot * 0.15;
          const bw = slot * 0.33;
          return (
            <g key={d.day}>
              <rect x={x} y={y(Number(d.deposits))} width={bw} height={H - pad - y(Number(d.deposits))} className="oc-bar-dep"><title>{`${d.day} ${t('console.dash.deposits')}: ${money(d.deposits)}`}</title></rect>
              <rect x={x + bw + 2} y={y(Number(d.withdrawals))} width={bw} height={H - pad - y(Number(d.withdrawals))} className="oc-bar-wd"><title>{`${d.day} ${t('console.dash.withdrawals')}: ${money(d.withdrawals)}`}</title></rect>
              <text x={pad + slot * i + slot / 2} y={H - 8} textAnchor="middle" className="oc-tick">{d.day.slice(5)}</text>
            </g>
          );
        })}
        <polyline points={line} className="oc-line-reg" />
      </svg>
      <figcaption>
        <span className="oc-key oc-key-dep" /> {t('console.dash.deposits')}
        <span className="oc-key oc-key-wd" /> {t('console.dash.withdrawals')}
        <span className="oc-key oc-key-reg" /> {t('console.dash.registrations')}
      </figcaption>
    </figure>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const q = useOp(operator.dashboard);
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  const d = q.data;
  if (!d) return <p>{t('console.loading')}</p>;
  const tiles: [string, string, string?][] = [
    ['registrations', String(d.registrations)],
    ['deposits', money(d.deposits.amount), `× ${d.deposits.count}`],
    ['withdrawals', money(d.withdrawals.amount), `× ${d.withdrawals.count}`],
    ['bets', money(d.bets.amount), `× ${d.bets.count}`],
    ['online', String(d.online)],
  ];
  return (
    <div className="oc-page">
      <h1>{t('console.dash.today', { day: d.day })}</h1>
      <div className="oc-tiles">
        {tiles.map(([k, v, sub]) => (
          <div key={k} className="oc-tile" data-testid={`tile-${k}`}>
            <span>{t(`console.dash.${k}`)}</span>
            <b>{v}</b>
            {sub && <small>{sub}</small>}
          </div>
        ))}
      </div>
      {(d.pendingDeposits > 0 || d.pendingWithdrawals > 0) && <Notice>{t('console.dash.pending', { deposits: d.pendingDeposits, withdrawals: d.pendingWithdrawals })}</Notice>}
      <div className="oc-grid2">
        <Card title={t('console.dash.week')}><WeekChart series={d.series} /></Card>
        <Card title={t('console.dash.ggr')}>
          {d.ggr.length === 0 ? <p className="oc-muted">{t('console.dash.noBets')}</p> : (
            <div className="oc-table-wrap">
              <table className="oc-table">
                <thead><tr><th>{t('console.dash.category')}</th><th className="num">{t('console.dash.bets')}</th><th className="num">{t('console.dash.wins')}</th><th className="num">{t('console.dash.ggrCol')}</th></tr></thead>
                <tbody>{d.ggr.map((g) => <tr key={g.category}><td>{t(`categories.${g.category.toLowerCase() === 'lottery' ? 'LOTT' : g.category.toUpperCase()}`, { defaultValue: g.category })}</td><td className="num">{money(g.bets)}</td><td className="num">{money(g.wins)}</td><td className="num">{money(g.ggr)}</td></tr>)}</tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
