/**
 * agentTeamOverview (default page): the team's KPIs for a chosen period (team members, new
 * registrations, first deposits, first bets, active members, online users, team balance, team
 * betting, deposits and withdrawals), a daily chart of a chosen measure and the daily list with
 * its totals. The period picker is the money screens' (presets, at most 30 days).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { agent } from '@lobby/contract';
import type { IconName } from '@/components/icons';
import { Icon } from '@/components/icons';
import { useSession } from '@/features/session';
import { DateRangeBar, DateTime, ErrorState, Money, Panel, SkeletonRows, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { formatMoney } from '@/lib/money';
import { useTeamOverview } from '../api';
import { chartValue } from '../logic';
import { DailyChart, type Series } from './DailyChart';

type Overview = agent.OverviewValue;
type Metric = 'members' | 'betting' | 'cash';
const METRICS: Metric[] = ['members', 'betting', 'cash'];

function Kpi({ icon, label, children, sub, testId, main }: { icon: IconName; label: string; children: React.ReactNode; sub?: React.ReactNode; testId: string; main?: boolean }) {
  return (
    <div className={`w-stat ac-kpi ${main ? 'w-stat--main' : ''}`} data-testid={`kpi-${testId}`}>
      <span className="w-stat__label ac-kpi__label"><Icon name={icon} size={15} /> {label}</span>
      <strong className="w-stat__value num">{children}</strong>
      {sub && <span className="ac-kpi__sub">{sub}</span>}
    </div>
  );
}

function Kpis({ o, symbol }: { o: Overview; symbol: string }) {
  const { t } = useTranslation();
  const k = (key: string, opts?: Record<string, unknown>) => t(`agent.overview.kpi.${key}`, opts);
  return (
    <div className="w-stats ac-kpis" data-testid="overview-kpis">
      <Kpi icon="user" label={k('teamMembers')} testId="teamMembers" main sub={k('directMembers', { count: o.directMembers })}>{o.teamMembers}</Kpi>
      <Kpi icon="userPlus" label={k('registrations')} testId="registrations">{o.registrations}</Kpi>
      <Kpi icon="wallet" label={k('firstDeposits')} testId="firstDeposits">{o.firstDeposits}</Kpi>
      <Kpi icon="gamepad" label={k('firstBets')} testId="firstBets">{o.firstBets}</Kpi>
      <Kpi icon="flame" label={k('activeMembers')} testId="activeMembers">{o.activeMembers}</Kpi>
      <Kpi icon="globe" label={k('onlineUsers')} testId="onlineUsers"><span className="ac-dot ac-dot--on" aria-hidden="true" />{o.onlineUsers}</Kpi>
      <Kpi icon="crown" label={k('teamBalance')} testId="teamBalance" main><Money value={o.teamBalance} symbol={symbol} /></Kpi>
      <Kpi icon="trophy" label={k('teamBetting')} testId="teamBetting" sub={k('validBet', { amount: formatMoney(o.validBet, { symbol }) })}><Money value={o.betAmount} symbol={symbol} /></Kpi>
      <Kpi icon="download" label={k('deposits')} testId="deposits"><Money value={o.deposits} symbol={symbol} /></Kpi>
      <Kpi icon="refresh" label={k('withdrawals')} testId="withdrawals"><Money value={o.withdrawals} symbol={symbol} /></Kpi>
    </div>
  );
}

/** The series of a measure, built from the daily rows. */
export function seriesOf(metric: Metric, days: readonly agent.OverviewDay[], t: (k: string) => string, symbol: string): Series[] {
  const money = (k: 'betAmount' | 'validBet' | 'deposits' | 'withdrawals') => ({
    values: days.map((d) => chartValue(d[k])), texts: days.map((d) => formatMoney(d[k], { symbol })),
  });
  const count = (k: 'registrations' | 'activeMembers') => ({ values: days.map((d) => d[k]), texts: days.map((d) => String(d[k])) });
  const col = (k: string) => t(`agent.overview.col.${k}`);
  switch (metric) {
    case 'members':
      return [{ key: 'registrations', label: col('registrations'), tone: 'primary', ...count('registrations') }, { key: 'activeMembers', label: col('activeMembers'), tone: 'accent', ...count('activeMembers') }];
    case 'betting':
      return [{ key: 'betAmount', label: col('betAmount'), tone: 'primary', ...money('betAmount') }, { key: 'validBet', label: col('validBet'), tone: 'accent', ...money('validBet') }];
    case 'cash':
      return [{ key: 'deposits', label: col('deposits'), tone: 'success', ...money('deposits') }, { key: 'withdrawals', label: col('withdrawals'), tone: 'danger', ...money('withdrawals') }];
  }
}

function ChartPanel({ o, symbol }: { o: Overview; symbol: string }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>('members');
  const series = seriesOf(metric, o.days, t, symbol);
  const empty = series.every((s) => s.values.every((v) => v === 0));
  return (
    <Panel
      title={t('agent.overview.chart.title')}
      actions={
        <div className="w-seg ac-seg" role="group" aria-label={t('agent.overview.chart.metric')}>
          {METRICS.map((m) => (
            <button key={m} type="button" className={`w-seg__btn ${metric === m ? 'is-active' : ''}`} aria-pressed={metric === m} onClick={() => setMetric(m)}>
              {t(`agent.overview.chart.${m}`)}
            </button>
          ))}
        </div>
      }
    >
      <DailyChart days={o.days.map((d) => d.day)} series={series} label={t('agent.overview.chart.label', { what: t(`agent.overview.chart.${metric}`) })} />
      {empty && <p className="muted w-small ac-chart__empty">{t('agent.overview.chart.empty')}</p>}
    </Panel>
  );
}

const COUNT_COLS = ['registrations', 'firstDeposits', 'firstBets', 'activeMembers', 'bettors'] as const;
const MONEY_COLS = ['betAmount', 'validBet', 'profit', 'deposits', 'withdrawals'] as const;

function DailyList({ o, symbol }: { o: Overview; symbol: string }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`agent.overview.col.${k}`);
  const rows = [...o.days].reverse();
  return (
    <Panel title={t('agent.overview.daily')}>
      <div className="w-table-wrap">
        <table className="w-table ac-daily" data-testid="overview-days">
          <thead>
            <tr>
              <th>{col('day')}</th>
              {COUNT_COLS.map((c) => <th key={c} className="num-col">{col(c)}</th>)}
              {MONEY_COLS.map((c) => <th key={c} className="num-col">{col(c)}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.day} data-day={d.day}>
                <td data-label={col('day')} className="num ac-daily__day" dir="ltr">{d.day}</td>
                {COUNT_COLS.map((c) => <td key={c} data-label={col(c)} className="num-col num">{d[c]}</td>)}
                {MONEY_COLS.map((c) => <td key={c} data-label={col(c)} className="num-col"><Money value={d[c]} symbol={symbol} signed={c === 'profit'} /></td>)}
              </tr>
            ))}
          </tbody>
          <tfoot className="ac-foot">
            <tr>
              <th scope="row">{t('agent.overview.total')}</th>
              {COUNT_COLS.map((c) => (
                <td key={c} data-label={col(c)} className="num-col num">{c === 'bettors' ? '—' : o[c]}</td>
              ))}
              {MONEY_COLS.map((c) => <td key={c} data-label={col(c)} className="num-col"><Money value={o[c]} symbol={symbol} signed={c === 'profit'} /></td>)}
            </tr>
          </tfoot>
        </table>
      </div>
    </Panel>
  );
}

export default function TeamOverview() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const q = useTeamOverview(range);
  const o = q.data;

  return (
    <div className="w-page" data-testid="page-agentTeamOverview">
      <Panel title={t('agent.overview.period')} actions={o && (o.asOf ? <span className="muted w-small" data-testid="overview-asof">{t('agent.overview.asOf')} <DateTime value={o.asOf} /></span> : <span className="muted w-small">{t('agent.overview.notYet')}</span>)}>
        <DateRangeBar value={range} onChange={setRange} />
      </Panel>
      {q.isPending ? (
        <div className="w-panel"><SkeletonRows rows={3} cols={4} /></div>
      ) : q.isError || !o ? (
        <div className="w-panel"><ErrorState error={q.error} onRetry={() => q.refetch()} /></div>
      ) : (
        <div className={`ac-stack ${q.isPlaceholderData ? 'is-stale' : ''}`} aria-busy={q.isPlaceholderData}>
          <Kpis o={o} symbol={symbol} />
          <ChartPanel o={o} symbol={symbol} />
          <DailyList o={o} symbol={symbol} />
        </div>
      )}
    </div>
  );
}
