/**
 * The operator console (/console, issue 9): its own sign-in with TOTP, its own layout (no site
 * header), a menu by permission. Content, games, brand settings and responsible gaming are listed
 * in MENU but not shown until they are built.
 */
import { useCallback, useEffect, useState } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import './locale';
import './console.css';
import { hideLoader } from '@/lib/loader';
import { keys, opCall, operator, setConsoleToken, useConsoleToken, useMe } from './api';
import { ConsoleLogin } from './ConsoleLogin';
import { LanguageSwitch } from './LanguageSwitch';
import { AuditPage } from './audit/AuditPage';
import { ContentPage } from './content/ContentPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { FinancePage } from './finance/FinancePage';
import { GamesPage } from './games/GamesPage';
import { LotteryDrawsPage } from './lottery/LotteryDrawsPage';
import { PeoplePage } from './people/PeoplePage';
import { SettingsPage } from './settings/SettingsPage';
import { RewardsPage } from './rewards/RewardsPage';
import { TeamPage } from './team/TeamPage';
import { ResponsiblePage } from './responsible/ResponsiblePage';
import { KycPage } from './kyc/KycPage';
import './kyc/locale';

type Perm = operator.Permission;
interface Item { path: string; label: string; perm: Perm; built: boolean; icon: string }
const MENU: Item[] = [
  { path: '', label: 'dashboard', perm: 'dashboard.view', built: true, icon: '▦' },
  { path: 'finance', label: 'finance', perm: 'finance.view', built: true, icon: '¤' },
  { path: 'people', label: 'people', perm: 'people.view', built: true, icon: '☺' },
  { path: 'content', label: 'content', perm: 'content.manage', built: true, icon: '✎' },
  { path: 'rewards', label: 'rewards', perm: 'content.manage', built: true, icon: '★' },
  { path: 'games', label: 'games', perm: 'games.manage', built: true, icon: '♠' },
  { path: 'lottery', label: 'lottery', perm: 'lottery.manage', built: true, icon: '◎' },
  { path: 'settings', label: 'settings', perm: 'settings.manage', built: true, icon: '⚙' },
  { path: 'responsible', label: 'responsible', perm: 'people.manage', built: true, icon: '♥' },
  { path: 'kyc', label: 'kyc', perm: 'people.view', built: true, icon: '✔' },
  { path: 'audit', label: 'audit', perm: 'audit.view', built: true, icon: '☰' },
  { path: 'team', label: 'team', perm: 'dashboard.view', built: true, icon: '⚑' },
];

/** Logs out after the idle timeout without mouse, key or touch activity (the server does too). */
function useIdleLogout(minutes: number, logout: () => void) {
  useEffect(() => {
    let timer = window.setTimeout(logout, minutes * 60_000);
    const bump = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(logout, minutes * 60_000);
    };
    const events = ['mousedown', 'keydown', 'touchstart', 'scroll'] as const;
    for (const e of events) window.addEventListener(e, bump, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, bump);
    };
  }, [minutes, logout]);
}

function Shell({ me }: { me: operator.Me }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const logout = useCallback(() => {
    void opCall(operator.logout).catch(() => undefined).finally(() => {
      setConsoleToken(null);
      qc.removeQueries({ queryKey: keys.all });
    });
  }, [qc]);
  useIdleLogout(me.idleMinutes, logout);
  const items = MENU.filter((i) => i.built && me.permissions.includes(i.perm));
  const can = (p: Perm) => me.permissions.includes(p);
  return (
    <div className={`oc-shell${open ? ' oc-menu-open' : ''}`}>
      <aside className="oc-side">
        <div className="oc-logo">{t('console.brand')}</div>
        <nav aria-label={t('console.brand')}>
          {items.map((i) => (
            <NavLink key={i.label} to={i.path ? `/console/${i.path}` : '/console'} end className={({ isActive }) => (isActive ? 'on' : '')} onClick={() => setOpen(false)}>
              <span aria-hidden="true">{i.icon}</span> {t(`console.menu.${i.label}`)}
            </NavLink>
          ))}
        </nav>
        <p className="oc-idle">{t('console.idle', { minutes: me.idleMinutes })}</p>
      </aside>
      <div className="oc-main">
        <header className="oc-top">
          <button type="button" className="oc-burger" aria-label="Menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>☰</button>
          <span className="oc-title">{t('console.brand')}</span>
          <span className="oc-who"><b>{me.username}</b> · {t(`console.role.${me.role}`)}</span>
          <LanguageSwitch />
          <button type="button" className="oc-btn" onClick={logout}>{t('console.logout')}</button>
        </header>
        <main className="oc-content">
          <Routes>
            <Route index element={<DashboardPage />} />
            {can('finance.view') && <Route path="finance" element={<FinancePage me={me} />} />}
            {can('people.view') && <Route path="people" element={<PeoplePage me={me} />} />}
            {can('audit.view') && <Route path="audit" element={<AuditPage />} />}
            {can('settings.manage') && <Route path="settings" element={<SettingsPage />} />}
            {can('games.manage') && <Route path="games" element={<GamesPage />} />}
            {can('lottery.manage') && <Route path="lottery" element={<LotteryDrawsPage />} />}
            {can('content.manage') && <Route path="content" element={<ContentPage />} />}
            {can('content.manage') && <Route path="rewards" element={<RewardsPage />} />}
            {can('people.manage') && <Route path="responsible" element={<ResponsiblePage me={me} />} />}
            {can('people.view') && <Route path="kyc" element={<KycPage me={me} />} />}
            <Route path="team" element={<TeamPage me={me} />} />
            <Route path="*" element={<Navigate to="/console" replace />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

export default function ConsoleApp() {
  const token = useConsoleToken();
  const me = useMe(!!token);
  const { t } = useTranslation();
  useEffect(() => {
    hideLoader();
    document.body.classList.add('oc-body');
    return () => document.body.classList.remove('oc-body');
  }, []);
  if (!token || me.isError) return <ConsoleLogin />;
  if (!me.data) return <div className="oc-loading">{t('console.loading')}</div>;
  return <Shell me={me.data} />;
}
