/** The account popups (login, register, password), registered with the popup host; each loads on first use. */
import { lazy } from 'react';
import { registerPopups } from '@/components/popups';
import { i18n } from '@/lib/i18n';
import type { AuthPopupOptions } from './loginPopup';

export interface ChangePasswordPopupProps {
  /** Forced after a login with 123456 or an expired password: cannot be dismissed. */
  forced?: boolean;
  reason?: 'weak' | 'expired';
}

declare module '@/components/popups/registry' {
  interface PopupPropsMap {
    login: AuthPopupOptions | undefined;
    register: AuthPopupOptions | undefined;
    forgotPassword: undefined;
    changePassword: ChangePasswordPopupProps | undefined;
    /** The token of a reset link (`/?resetPassword=`); none: username + the code received. */
    resetPassword: { token?: string };
  }
}

registerPopups({
  login: { component: lazy(() => import('./components/LoginPopup')), title: () => i18n.t('popups.login.title'), size: 'sm' },
  register: { component: lazy(() => import('./components/RegisterPopup')), title: () => i18n.t('popups.register.title'), size: 'md' },
  forgotPassword: { component: lazy(() => import('./components/ForgotPasswordPopup')), title: () => i18n.t('popups.forgotPassword.title'), size: 'sm' },
  changePassword: {
    component: lazy(() => import('./components/ChangePasswordPopup')),
    title: () => i18n.t('popups.changePassword.title'),
    size: 'sm',
    dismissible: (p) => !p?.forced,
  },
  resetPassword: { component: lazy(() => import('./components/ResetPasswordPopup')), title: () => i18n.t('popups.resetPassword.title'), size: 'sm' },
});
