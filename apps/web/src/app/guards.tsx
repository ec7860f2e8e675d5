/**
 * Route guards (§2, §6): login-required routes go to /login when logged out; trial accounts
 * get the in_need_true_account warning on member and agent pages; /agentHome sends
 * non-agents to /agent.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, sessionStore, useToken } from '@/features/session';
import { SectionSpinner } from '@/lib/lazy';
import { errorText } from '@/lib/i18n';

// a trial's warning is rare: the dialog's module loads only then
const AlertDialog = lazy(() => import('@/components/Modal').then((m) => ({ default: m.AlertDialog })));

export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    if (sessionStore.leftByLogout()) return <Navigate to="/" replace />;
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <>{children}</>;
}

/** The in_need_true_account warning; confirming goes home. */
export function TrialWarning() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <>
      <div className="page-blocked" aria-hidden="true" />
      <Suspense fallback={null}>
        <AlertDialog
          title={t('dialog.warning')}
          message={errorText('in_need_true_account')}
          confirmLabel={t('common.confirm')}
          onConfirm={() => navigate('/', { replace: true })}
        />
      </Suspense>
    </>
  );
}

/** Member and agent pages: a trial account sees the warning instead of the page. */
export function RequireRealAccount({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.pending) return <SectionSpinner />;
  if (session.trial) return <TrialWarning />;
  return <>{children}</>;
}

/** /agentHome: logged-out users and non-agents go to the agent login page. */
export function RequireAgent({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.token) return <Navigate to={sessionStore.leftByLogout() ? '/' : '/agent'} replace />;
  if (session.pending) return <SectionSpinner />;
  if (session.trial) return <TrialWarning />;
  if (!session.agent) return <Navigate to="/agent" replace />;
  return <>{children}</>;
}
