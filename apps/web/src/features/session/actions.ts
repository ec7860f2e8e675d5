/**
 * What happens after any call that logs in (login, SMS login, new-IP check, register, reset by
 * phone, free trial, agent login) and on logout (§4).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { session } from '@lobby/contract';
import { usePopups } from '@/components/popups';
import { call } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { hideLoader, showLoader } from '@/lib/loader';
import { showToast } from '@/lib/toast';
import { describeError } from './errors';
import { memberKeys } from './api';
import { sessionStore } from './store';

type LoginValue = session.LoginValue;

/** Session-storage flag: a forced password change is pending (survives a reload, cleared on logout). */
export const FORCE_CHANGE_KEY = 'forcePasswordChange';

export type LoginKind = 'username' | 'sms' | 'verification' | 'register' | 'reset' | 'freeplay' | 'agent' | 'password';

/** §4: 123456 or an expired password forces a change, unless the login was by SMS (or firebase). */
export function needsForcedChange(value: Pick<LoginValue, 'mustChangePassword' | 'passwordExpired'>, kind: LoginKind): boolean {
  return kind !== 'sms' && kind !== 'password' && (value.mustChangePassword || value.passwordExpired);
}

export function setForcedChange(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(FORCE_CHANGE_KEY, '1');
    else sessionStorage.removeItem(FORCE_CHANGE_KEY);
  } catch {
    /* storage unavailable */
  }
}
export function forcedChangePending(): boolean {
  try {
    return sessionStorage.getItem(FORCE_CHANGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Drop every member-scoped query (everything but the system queries). */
export function dropMemberData(qc: QueryClient): void {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'system' });
}

export interface CompleteLoginOptions {
  kind: LoginKind;
  /** Navigate here after the login (not when a forced change opens first). */
  goTo?: string;
}

/** Store the token, run the first-login action, close the auth popups, force a change or load the member (and open the contract popup when offers wait). */
export function useCompleteLogin() {
  const qc = useQueryClient();
  const popups = usePopups();
  const navigate = useNavigate();
  return useCallback(
    (value: LoginValue, { kind, goTo }: CompleteLoginOptions) => {
      dropMemberData(qc);
      sessionStore.login(value.token);
      if (value.firstTimeLogin && kind !== 'freeplay') showToast(i18n.t('auth.welcomeFirst', { name: value.userName }));
      for (const name of ['login', 'register', 'forgotPassword', 'changePassword', 'resetPassword'] as const) popups.close(name);
      if (needsForcedChange(value, kind)) {
        setForcedChange(true);
        popups.open('changePassword', { forced: true, reason: value.passwordExpired && !value.mustChangePassword ? 'expired' : 'weak' });
        return;
      }
      setForcedChange(false);
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
      if (goTo) navigate(goTo);
      // §2 contract popup: an offer from the upline (or the platform) waits for this member's answer.
      const offers = value.contractFlags?.pendingOffers ?? 0;
      if (offers > 0) popups.open('contractOffer', { count: offers });
    },
    [qc, popups, navigate],
  );
}

/** §4 logout: loader, logout call, session storage cleared (merchant codes kept), flags cleared, go to /. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const popups = usePopups();
  return useCallback(async () => {
    showLoader();
    // The call takes the token now; the page forgets it at once, so no query leaves with a token
    // the server is about to end (a 401 in the console). Guarded pages see leftByLogout and go to /.
    const ended = call(session.logout).catch(() => {
      // The token may already be gone on the server: the local logout still happens.
    });
    sessionStore.logout();
    dropMemberData(qc);
    popups.closeAll();
    navigate('/');
    await ended;
    sessionStore.logoutDone();
    hideLoader();
  }, [qc, navigate, popups]);
}

/** §6 free trial: POST /wps/session/login/freeplay, then log the guest account in. */
export function useFreeTrial() {
  const completeLogin = useCompleteLogin();
  const popups = usePopups();
  return useCallback(async () => {
    showLoader();
    try {
      const value = await call(session.loginFreeplay, { body: { os: 'web', platform: 'W' } });
      completeLogin(value, { kind: 'freeplay' });
      showToast(i18n.t('auth.trialStarted'), 'info');
    } catch (e) {
      popups.open('alert', { message: describeError(e) });
    } finally {
      hideLoader();
    }
  }, [completeLogin, popups]);
}
