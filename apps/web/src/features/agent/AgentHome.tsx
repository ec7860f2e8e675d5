/**
 * /agentHome — the agent centre (§2) without the site header and footer: a bar with the brand,
 * the brand's GMT offset and a clock ticking every second, support hours, language, the agent's
 * nickname and balance, and logout (confirmed, §4); the menu of §2 beside the chosen page
 * (?page=). On phones the menu is a drawer opened from the bar.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { contracts } from '@lobby/contract';
import './locale';
import '@/components/ui/locale';
import { usePopups } from '@/components/popups';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Icon } from '@/components/icons';
import { LogoutConfirm, useSession } from '@/features/session';
import { useBrand, useCustomerService, useModules } from '@/lib/system';
import { Money, SkeletonRows } from '@/components/ui/kit';
import { formatTime, gmtLabel } from '@/lib/format';
import { currentPage, visibleMenu, type AgentMenuItem, type AgentPageId } from './pages';
import '@/components/ui/form.css';
import '@/components/ui/kit.css';
import './agent.css';
import { loadBettingRecord } from '@/features/wallet';
import { SupportHours } from '@/components/SupportHours';

const TeamOverview = lazy(() => import('./overview/TeamOverview'));
const DownlineManagement = lazy(() => import('./downlines/DownlineManagement'));
const TeamBetting = lazy(() => import('./betting/TeamBetting'));
const PersonalHistory = lazy(() => loadBettingRecord());
const RegisterCentre = lazy(() => import('./register/RegisterCentre'));
const LinksReport = lazy(() => import('./links/LinksReport'));
const RevenueReport = lazy(() => import('./income/RevenueReport'));
const ProfitLoss = lazy(() => import('./reports/ProfitLoss'));
const DownlineTransactions = lazy(() => import('./reports/DownlineTransactions'));
const ContractPage = lazy(() => import('./contracts/ContractPage'));
const contractPage = (kind: contracts.ContractKind) => {
  const Page = () => <ContractPage kind={kind} />;
  Page.displayName = `ContractPage(${kind})`;
  return Page;
};

const PAGES: Partial<Record<AgentPageId, ComponentType>> = {
  agentTeamOverview: TeamOverview,
  registerCenter: RegisterCentre,
  agentLinks: LinksReport,
  downlineManagmentView: DownlineManagement,
  teamBetting: TeamBetting,
  personalHistoryCopy: PersonalHistory,
  palStatementsAgentCopy: ProfitLoss,
  agentRevenueReport: RevenueReport,
  agentDownlineTransactionDetailsCopy: DownlineTransactions,
  agentDividendRecordCopy2: contractPage('dividend'),
  agentDailyWages2: contractPage('daily'),
  agentHourSalary: contractPage('hourly'),
  agentRealtimeSalary: contractPage('realtime'),
};
const AVAILABLE = new Set(Object.keys(PAGES) as AgentPageId[]);
const GROUPS = ['cashier', 'team', 'reports', 'salary', 'help'] as const;

/** The brand's clock: GMT offset and hh:mm:ss, updated every second. */
function BrandClock({ offset }: { offset: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <span className="ac-bar__clock" dir="ltr" role="timer" aria-label={t('agent.clock')} data-testid="agent-clock">
      <Icon name="clock" size={16} /> <span className="ac-bar__gmt">{gmtLabel(offset)}</span> <strong className="num">{formatTime(now, offset)}</strong>
    </span>
  );
}

function MenuLink({ item, active, csLink, onPick }: { item: AgentMenuItem; active: boolean; csLink?: string; onPick: () => void }) {
  const { t } = useTranslation();
  const popups = usePopups();
  const body = (
    <>
      <Icon name={item.icon} size={18} />
      <span>{t(`agent.menu.${item.id}`)}</span>
      {(item.href || item.id === 'customerService') && <Icon name="chevronRight" size={14} className="ac-menu__out" />}
    </>
  );
  if (item.popup) {
    const name = item.popup;
    return <button type="button" className="ac-menu__item" data-page={item.id} onClick={() => { onPick(); popups.open(name, undefined); }}>{body}</button>;
  }
  if (item.id === 'customerService') {
    return <a className="ac-menu__item" href={csLink} target="_blank" rel="noopener noreferrer" data-page={item.id} onClick={onPick}>{body}</a>;
  }
  return (
    <Link
      to={item.href ?? `/agentHome?page=${item.id}`}
      className={`ac-menu__item ${active ? 'is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-page={item.id}
      onClick={onPick}
    >
      {body}
    </Link>
  );
}

export default function AgentHome() {
  const { t } = useTranslation();
  const session = useSession();
  const brand = useBrand();
  const modules = useModules();
  const cs = useCustomerService()[0]?.path;
  const [params] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const menu = useMemo(() => visibleMenu({ modules, available: AVAILABLE, customerService: cs }), [modules, cs]);
  const page = currentPage(params.get('page'), menu);
  const Page = PAGES[page]!;
  const m = session.member;
  const name = m?.nickname || m?.userName || m?.account || '';

  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className="ac" data-page={page}>
      <header className="ac-bar">
        <button type="button" className="icon-btn ac-bar__menu" aria-label={t('agent.openMenu')} aria-expanded={drawer} aria-controls="agent-menu" onClick={() => setDrawer(true)}>
          <Icon name="menu" size={22} />
        </button>
        {/* Named by its visible text first, then what it does (axe label-content-name-mismatch). */}
        <Link to="/" className="brand-logo ac-bar__brand">
          <span className="brand-logo__mark" aria-hidden="true">{(brand?.logoText ?? '?').slice(0, 1)}</span>
          <span className="brand-logo__text">{brand?.logoText ?? brand?.name ?? ''}</span>
          <span className="visually-hidden">: {t('agent.backToSite')}</span>
        </Link>
        <span className="ac-bar__title">{t('agent.centre')}</span>
        <BrandClock offset={brand?.gmtOffsetMinutes ?? 0} />
        <LanguageSelect className="ac-bar__lang" />
        <span className="ac-bar__user">
          <span className="avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase() || '?'}</span>
          <span className="ac-bar__who">
            <strong data-testid="agent-nickname">{name}</strong>
            <span className="ac-bar__balance" data-testid="balance" title={t('agent.balance')}><Money value={m?.balance} symbol={m?.currencySymbol} /></span>
          </span>
        </span>
        <button type="button" className="btn btn--ghost btn--sm ac-bar__logout" onClick={() => setConfirmLogout(true)}>
          <Icon name="logout" size={16} /> <span>{t('agent.logout')}</span>
        </button>
      </header>
      <div className="ac-body">
        <div className={`ac-scrim ${drawer ? 'is-open' : ''}`} onClick={() => setDrawer(false)} aria-hidden="true" />
        <aside className={`ac-aside ${drawer ? 'is-open' : ''}`} id="agent-menu">
          <div className="ac-aside__head">
            <strong>{t('agent.centre')}</strong>
            <button type="button" className="icon-btn icon-btn--sm" aria-label={t('agent.closeMenu')} onClick={() => setDrawer(false)}>
              <Icon name="close" size={18} />
            </button>
          </div>
          <nav className="ac-menu" aria-label={t('agent.menuLabel')}>
            {GROUPS.map((g) => {
              const items = menu.filter((it) => it.group === g);
              if (!items.length) return null;
              return (
                <div key={g} className="ac-menu__group">
                  <p className="ac-menu__heading">{t(`agent.groups.${g}`)}</p>
                  {items.map((it) => <MenuLink key={it.id} item={it} active={it.id === page} csLink={cs} onPick={() => setDrawer(false)} />)}
                </div>
              );
            })}
          </nav>
          <LanguageSelect className="ac-aside__lang" />
        </aside>
        <main className="ac-main" id="main">
          <h1 className="visually-hidden">{t('agent.centre')}</h1>
          <div className="ac-main__head">
            <h2 className="ac-main__title">{t(`agent.menu.${page}`)}</h2>
            {brand?.supportHours && (
              <span className="ac-hours" data-testid="agent-support-hours">
                <Icon name="headset" size={16} /> {t('agent.support')}: <SupportHours text={brand.supportHours} />
              </span>
            )}
          </div>
          <Suspense fallback={<div className="w-panel"><SkeletonRows rows={5} cols={4} /></div>}>
            <Page key={page} />
          </Suspense>
        </main>
      </div>
      {confirmLogout && <LogoutConfirm onClose={() => setConfirmLogout(false)} />}
    </div>
  );
}
