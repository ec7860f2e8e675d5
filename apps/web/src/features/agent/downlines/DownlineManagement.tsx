/**
 * downlineManagmentView: the caller's direct downlines or whole team, newest first, 20 a page;
 * search by account (starts with), type and registration dates; each row shows type, level and
 * upline (whole team), balance, team size, online, registration and last login, and the actions:
 * transfer, nickname, reset password, set as agent (direct members) and offer a contract (direct
 * agents, when a contract kind is switched on). A table on desktop,
 * cards on phones (components/ui/kit.css).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contracts, type agent } from '@lobby/contract';
import { useModules } from '@/lib/system';
import { useSession } from '@/features/session';
import { Icon, type IconName } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { Money, Panel, RecordsList, useOffset } from '@/components/ui/kit';
import { useDownlines } from '../api';
import { NO_FILTERS, downlineQuery, filtersError, hasFilters, type DownlineFilters } from '../logic';
import { OfferDialog } from '../contracts/OfferDialog';
import { ConfirmAction, NicknameDialog, TransferDialog, type DownlineAction } from './dialogs';

type Downline = agent.Downline;

/** The filter bar. The account search applies on submit (Enter or the button); the rest at once. */
export function DownlineFilterBar({ value, onChange }: { value: DownlineFilters; onChange: (f: DownlineFilters) => void }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState(value.account);
  const set = (patch: Partial<DownlineFilters>) => onChange({ ...value, account, ...patch });
  const search = (e: FormEvent) => { e.preventDefault(); set({}); };
  const error = filtersError(value);
  return (
    <form className="ac-filters" onSubmit={search} role="search" data-testid="downline-filters">
      <div className="w-seg" role="group" aria-label={t('agent.downlines.scope')}>
        {(['direct', 'all'] as const).map((s) => (
          <button key={s} type="button" className={`w-seg__btn ${value.scope === s ? 'is-active' : ''}`} aria-pressed={value.scope === s} onClick={() => set({ scope: s })}>
            {t(`agent.downlines.${s}`)}
          </button>
        ))}
      </div>
      <div className="ac-search">
        <label className="visually-hidden" htmlFor="downline-search">{t('agent.downlines.search')}</label>
        <input id="downline-search" type="search" className="input input--sm" placeholder={t('agent.downlines.searchPlaceholder')} maxLength={32} value={account} onChange={(e) => setAccount(e.target.value)} autoComplete="off" dir="ltr" />
        <button type="submit" className="btn btn--primary btn--sm">{t('agent.downlines.searchButton')}</button>
      </div>
      <div className="w-chips" role="group" aria-label={t('agent.downlines.type')}>
        {(['', 'agent', 'member'] as const).map((ty) => (
          <button key={ty || 'any'} type="button" className={`pill ${value.type === ty ? 'is-active' : ''}`} aria-pressed={value.type === ty} onClick={() => set({ type: ty })}>
            {t(`agent.downlines.${ty === '' ? 'anyType' : ty === 'agent' ? 'agents' : 'members'}`)}
          </button>
        ))}
      </div>
      <div className="ac-dates">
        <label className="ac-date">
          <span className="ac-date__label">{t('agent.downlines.from')}</span>
          <input type="date" className="input input--sm" value={value.registeredFrom} max={value.registeredTo || undefined} onChange={(e) => set({ registeredFrom: e.target.value })} />
        </label>
        <label className="ac-date">
          <span className="ac-date__label">{t('agent.downlines.to')}</span>
          <input type="date" className="input input--sm" value={value.registeredTo} min={value.registeredFrom || undefined} onChange={(e) => set({ registeredTo: e.target.value })} />
        </label>
        {hasFilters(value) && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => { setAccount(''); onChange({ ...NO_FILTERS, scope: value.scope }); }}>
            {t('agent.downlines.clear')}
          </button>
        )}
      </div>
      {error && <p className="field__error" role="alert">{t('agent.downlines.rangeError')}</p>}
    </form>
  );
}

const ICONS: Record<Exclude<DownlineAction, 'transfer'>, IconName> = { nickname: 'user', resetPassword: 'lock', setAgent: 'crown', offer: 'star' };

function Actions({ d, canOffer, onAction }: { d: Downline; canOffer: boolean; onAction: (a: DownlineAction) => void }) {
  const { t } = useTranslation();
  const icon = (a: Exclude<DownlineAction, 'transfer'>, label: string) => (
    <button type="button" className="icon-btn icon-btn--sm ac-act" onClick={() => onAction(a)} data-action={a} aria-label={label} title={label}>
      <Icon name={ICONS[a]} size={17} />
    </button>
  );
  return (
    <div className="ac-actions" role="group" aria-label={t('agent.downlines.actions', { account: d.account })}>
      <button type="button" className="btn btn--primary btn--sm" onClick={() => onAction('transfer')} data-action="transfer">{t('agent.downlines.transfer')}</button>
      {icon('nickname', t('agent.downlines.nickname'))}
      {icon('resetPassword', t('agent.downlines.resetPassword'))}
      {d.level === 1 && !d.isAgent && icon('setAgent', t('agent.downlines.setAgent'))}
      {canOffer && d.level === 1 && d.isAgent && icon('offer', t('agent.downlines.offer'))}
    </div>
  );
}

/** A time in the brand's zone on two lines (day, then time). */
function Stamp({ value }: { value: string }) {
  const offset = useOffset();
  const [day, time] = formatDateTime(value, offset).split(' ');
  return <span className="ac-stamp num" dir="ltr"><span>{day}</span> <span>{time}</span></span>;
}

function DownlineTable({ rows, symbol, canOffer, onAction }: { rows: Downline[]; symbol: string; canOffer: boolean; onAction: (d: Downline, a: DownlineAction) => void }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`agent.downlines.col.${k}`);
  return (
    <div className="w-table-wrap">
      <table className="w-table ac-downlines" data-testid="downline-table">
        <thead>
          <tr>
            <th>{col('account')}</th>
            <th>{col('type')}</th>
            <th className="num-col">{col('balance')}</th>
            <th className="num-col">{col('teamSize')}</th>
            <th>{col('registeredAt')}</th>
            <th>{col('lastLoginAt')}</th>
            <th className="w-table__act">{col('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.memberId} data-account={d.account} data-testid="downline-row">
              <td data-label={col('account')} className="ac-who">
                <span className="ac-who__top">
                  <span className={`ac-dot ${d.online ? 'ac-dot--on' : ''}`} aria-hidden="true" title={d.online ? t('agent.downlines.online') : t('agent.downlines.offline')} />
                  <strong dir="ltr">{d.account}</strong>
                  <span className="visually-hidden">{d.online ? t('agent.downlines.online') : t('agent.downlines.offline')}</span>
                </span>
                <span className="ac-who__nick" data-testid="downline-nickname">{d.nickname || '—'}</span>
                {d.level > 1 && <span className="ac-who__sub">{t('agent.downlines.level', { level: d.level, parent: d.parentAccount })}</span>}
              </td>
              <td data-label={col('type')}>
                <span className={`chip ${d.isAgent ? 'chip--info' : 'chip--muted'}`}>{d.isAgent ? t('agent.downlines.isAgent') : t('agent.downlines.isMember')}</span>
              </td>
              <td data-label={col('balance')} className="num-col" data-testid="downline-balance"><Money value={d.balance} symbol={symbol} /></td>
              <td data-label={col('teamSize')} className="num-col num">{d.teamSize}</td>
              <td data-label={col('registeredAt')}><Stamp value={d.registeredAt} /></td>
              <td data-label={col('lastLoginAt')}>{d.lastLoginAt ? <Stamp value={d.lastLoginAt} /> : <span className="muted">{t('agent.downlines.never')}</span>}</td>
              <td className="w-table__act ac-downlines__act"><Actions d={d} canOffer={canOffer} onAction={(a) => onAction(d, a)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DownlineManagement() {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol ?? '';
  const [filters, setFilters] = useState<DownlineFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ d: Downline; a: DownlineAction } | null>(null);
  const bad = filtersError(filters) !== null;
  // A refused date range keeps the last good list on screen (no call with start after end).
  const [applied, setApplied] = useState(filters);
  if (!bad && applied !== filters) setApplied(filters);
  const q = useDownlines(downlineQuery(applied, page));
  const modules = useModules();
  const kinds = contracts.CONTRACT_KINDS.filter((k) => modules.has(contracts.CONTRACT_MODULE[k]));

  return (
    <div className="w-page" data-testid="page-downlineManagmentView">
      <Panel
        title={t('agent.downlines.title')}
        actions={q.data && <span className="muted w-small" data-testid="downline-count">{t('agent.downlines.count', { count: q.data.total })}</span>}
      >
        <DownlineFilterBar value={filters} onChange={(f) => { setFilters(f); setPage(1); }} />
        <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('agent.downlines.empty')}>
          {(rows) => <DownlineTable rows={rows} symbol={symbol} canOffer={kinds.length > 0} onAction={(d, a) => setOpen({ d, a })} />}
        </RecordsList>
      </Panel>
      {open?.a === 'transfer' && <TransferDialog downline={open.d} symbol={symbol} onClose={() => setOpen(null)} />}
      {open?.a === 'nickname' && <NicknameDialog downline={open.d} onClose={() => setOpen(null)} />}
      {open?.a === 'offer' && <OfferDialog downline={open.d} kinds={kinds} onClose={() => setOpen(null)} />}
      {(open?.a === 'resetPassword' || open?.a === 'setAgent') && <ConfirmAction action={open.a} downline={open.d} onClose={() => setOpen(null)} />}
    </div>
  );
}
