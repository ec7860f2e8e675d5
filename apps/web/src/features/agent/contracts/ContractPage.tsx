/**
 * The contract pages of the agent centre (§2): agentDividendRecordCopy2 (dividends),
 * agentDailyWages2 (daily wages), agentHourSalary (hourly salary), agentRealtimeSalary (real-time
 * salary, settled every 5 minutes). Each shows the caller's contract of that kind with its upline
 * and the settlement records, received or paid to downlines, over a period (at most 30 days), with
 * the calculated amount, disbursed or pending, the settled time and the totals.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { contracts } from '@lobby/contract';
import { useSession } from '@/features/session';
import { formatMoney } from '@/lib/money';
import { DateRangeBar, DateTime, Money, Panel, RecordsList, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { formatDate, formatTime } from '@/lib/format';
import { useContractRecords } from './api';
import { ContractList, rateText } from './MyContract';

type Kind = contracts.ContractKind;
type Record = contracts.ContractRecord;
type Totals = { validBet: string; amount: string; disbursed: string; pending: string };
type Role = 'mine' | 'downline';

const RECORD_TONE = { pending: 'warn', disbursed: 'ok', none: 'muted' } as const;

/** The period of a record: its brand day, with the hours for hourly and real-time salary. */
function Period({ r }: { r: Record }) {
  const offset = useOffset();
  const sub = r.kind === 'hourly' || r.kind === 'realtime';
  // the period's last brand day (the end is exclusive): dividends span days
  const last = formatDate(new Date(Date.parse(r.periodEnd) - 1), offset);
  return (
    <span className="ac-period num" dir="ltr">
      <strong>{r.day}</strong>
      {sub && <span className="ac-who__sub">{formatTime(r.periodStart, offset).slice(0, 5)}–{formatTime(r.periodEnd, offset).slice(0, 5)}</span>}
      {last !== r.day && <span className="ac-who__sub">→ {last}</span>}
    </span>
  );
}

function RecordTable({ kind, rows, totals, symbol }: { kind: Kind; rows: Record[]; totals: Totals; symbol: string }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`agent.contracts.col.${k}`);
  const dividend = kind === 'dividend';
  return (
    <div className="w-table-wrap">
      <table className="w-table ac-records" data-testid="contract-records">
        <thead>
          <tr>
            <th>{col('period')}</th>
            <th>{col('account')}</th>
            <th className="num-col">{col('validBet')}</th>
            {dividend && <th className="num-col">{col('netLoss')}</th>}
            <th className="num-col">{col('activeMembers')}</th>
            <th className="num-col">{col('rate')}</th>
            <th className="num-col">{col('amount')}</th>
            <th>{col('status')}</th>
            <th>{col('settledAt')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.recordId} data-status={r.status}>
              <td data-label={col('period')}><Period r={r} /></td>
              <td data-label={col('account')} dir="ltr">{r.account || t('agent.contracts.platformName')}</td>
              <td data-label={col('validBet')} className="num-col"><Money value={r.validBet} symbol={symbol} /></td>
              {dividend && <td data-label={col('netLoss')} className="num-col"><Money value={r.netLoss} symbol={symbol} /></td>}
              <td data-label={col('activeMembers')} className="num-col num">{r.activeMembers}</td>
              <td data-label={col('rate')} className="num-col num">{r.rateType ? rateText(r.rateType, r.rate, symbol, t('agent.contracts.fixed')) : '—'}</td>
              <td data-label={col('amount')} className="num-col"><strong><Money value={r.amount} symbol={symbol} /></strong></td>
              <td data-label={col('status')}><span className={`chip chip--${RECORD_TONE[r.status]}`}>{t(`agent.contracts.recordStatus.${r.status}`)}</span></td>
              <td data-label={col('settledAt')}><DateTime value={r.settledAt} /></td>
            </tr>
          ))}
        </tbody>
        <tfoot className="ac-foot" data-testid="contract-totals">
          <tr>
            <th scope="row" colSpan={2}>{t('agent.contracts.totals')}</th>
            <td data-label={col('validBet')} className="num-col"><Money value={totals.validBet} symbol={symbol} /></td>
            {dividend && <td className="ac-pad" aria-hidden="true" />}
            <td className="ac-pad" aria-hidden="true" />
            <td className="ac-pad" aria-hidden="true" />
            <td data-label={col('amount')} className="num-col"><strong><Money value={totals.amount} symbol={symbol} /></strong></td>
            <td colSpan={2} className="ac-foot__split">
              <span className="chip chip--ok">{t('agent.contracts.disbursed', { amount: formatMoney(totals.disbursed, { symbol }) })}</span>{' '}
              <span className="chip chip--warn">{t('agent.contracts.pendingAmount', { amount: formatMoney(totals.pending, { symbol }) })}</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function ContractPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [role, setRole] = useState<Role>('mine');
  const [page, setPage] = useState(1);
  const q = useContractRecords({ ...range, kind, role, pageNo: page });

  return (
    <div className="w-page" data-testid={`page-contract-${kind}`}>
      <Panel title={t('agent.contracts.mine')} actions={kind === 'realtime' && <span className="muted w-small">{t('agent.contracts.every5')}</span>}>
        <ContractList kind={kind} role="downline" symbol={symbol} />
      </Panel>
      <Panel title={t('agent.contracts.offeredTitle')}>
        <ContractList kind={kind} role="upline" symbol={symbol} />
      </Panel>
      <Panel
        title={t('agent.contracts.records')}
        actions={
          <div className="w-seg" role="group" aria-label={t('agent.contracts.records')}>
            {(['mine', 'downline'] as const).map((r) => (
              <button key={r} type="button" className={`w-seg__btn ${role === r ? 'is-active' : ''}`} aria-pressed={role === r} onClick={() => { setRole(r); setPage(1); }}>
                {t(`agent.contracts.role.${r}`)}
              </button>
            ))}
          </div>
        }
      >
        <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
        <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('agent.contracts.recordsEmpty')}>
          {(rows) => <RecordTable kind={kind} rows={rows} totals={q.data!.totals} symbol={symbol} />}
        </RecordsList>
      </Panel>
    </div>
  );
}
