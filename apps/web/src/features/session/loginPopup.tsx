/**
 * The login-popup opener. Features call `useLoginPopup().openLogin()` whenever an action
 * needs a login (FAV tab, start game, centres). The app wires it to the popup host.
 */
import { createContext, useContext } from 'react';

export interface AuthPopupOptions {
  /** Register: a referral code from ?referralCode. */
  referralCode?: string;
  /** Where to go after a successful login. */
  returnTo?: string;
}

export interface LoginPopupApi {
  openLogin(options?: AuthPopupOptions): void;
  openRegister(options?: AuthPopupOptions): void;
  close(): void;
}

const noop: LoginPopupApi = { openLogin() {}, openRegister() {}, close() {} };
export const LoginPopupContext = createContext<LoginPopupApi>(noop);

export function useLoginPopup(): LoginPopupApi {
  return useContext(LoginPopupContext);
}
