/** App-wide providers: TanStack Query, i18n, popup host, login-popup opener, session-expiry wiring. */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiError, onPasswordChangeRequired, onSessionExpired } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { memberKeys, forcedChangePending, setForcedChange, LoginPopupContext, type LoginPopupApi } from '@/features/session';
import { getToken } from '@/lib/storage';
import { Toaster } from './layout/Toaster';
import { BalanceSync } from '@/app/realtime/BalanceSync';
import { DeviceReport } from '@/lib/device';
import { PopupProvider, usePopups } from '@/components/popups';
import './popups';
import { seedBootData } from './boot';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Never retry auth or client errors; one retry for network / server errors.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
    },
  });
}

/** Implements the login-popup opener on top of the popup host and opens it when a session expires. */
function LoginPopupBridge({ children }: { children: ReactNode }) {
  const popups = usePopups();
  const queryClient = useQueryClient();
  const api = useMemo<LoginPopupApi>(
    () => ({
      openLogin: (o) => popups.open('login', o),
      openRegister: (o) => popups.open('register', o),
      close: () => {
        popups.close('login');
        popups.close('register');
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [popups.open, popups.close],
  );
  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.removeQueries({ queryKey: memberKeys.all });
        popups.open('login', undefined);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, popups.open],
  );
  // The server refuses everything but the change while one is due (password.change.required)
  useEffect(
    () =>
      onPasswordChangeRequired(() => {
        if (forcedChangePending()) return;
        setForcedChange(true);
        popups.open('changePassword', { forced: true });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [popups.open],
  );
  // A forced password change survives a reload: reopen it while the flag is set (§4).
  // An e-mail reset link (/?resetPassword=<token>) opens the new-password popup once.
  useEffect(() => {
    if (getToken() && forcedChangePending()) popups.open('changePassword', { forced: true });
    const url = new URL(window.location.href);
    const resetToken = url.searchParams.get('resetPassword');
    if (resetToken) {
      url.searchParams.delete('resetPassword');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      popups.open('resetPassword', { token: resetToken });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <LoginPopupContext.Provider value={api}>{children}</LoginPopupContext.Provider>;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => {
    if (queryClient) return queryClient;
    const qc = createQueryClient();
    seedBootData(qc);
    return qc;
  });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <PopupProvider>
          <LoginPopupBridge>{children}</LoginPopupBridge>
          <Toaster />
          <BalanceSync />
          <DeviceReport />
        </PopupProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
