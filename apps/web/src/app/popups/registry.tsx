/**
 * The popups the host knows, by name. Later issues replace the placeholder bodies (login,
 * register, notice, live chat...) or add new names: add the props type to PopupPropsMap and
 * an entry to popupRegistry (use React.lazy for anything heavy).
 */
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import type { AuthPopupOptions } from '@/features/session/loginPopup';
import type { GamePopupProps } from '@/features/play/launch';

export interface AlertPopupProps {
  message: string;
  title?: string;
  confirmLabel?: string;
  onConfirm?: () => void;
}

export interface ChangePasswordPopupProps {
  /** Forced after a login with 123456 or an expired password: cannot be dismissed. */
  forced?: boolean;
  reason?: 'weak' | 'expired';
}

export interface PopupPropsMap {
  login: AuthPopupOptions | undefined;
  register: AuthPopupOptions | undefined;
  forgotPassword: undefined;
  changePassword: ChangePasswordPopupProps | undefined;
  /** The token of a reset link (`/?resetPassword=`); none: username + the code received. */
  resetPassword: { token?: string };
  notice: undefined;
  announcement: undefined;
  liveChat: undefined;
  alert: AlertPopupProps;
  game: GamePopupProps;
  help: { term?: string } | undefined;
  appDownload: undefined;
}
export type PopupName = keyof PopupPropsMap;

export interface PopupBodyProps<N extends PopupName> {
  close: () => void;
  props: PopupPropsMap[N];
}

interface PopupEntry<N extends PopupName> {
  component: ComponentType<PopupBodyProps<N>>;
  title?: () => string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False: no close button, Escape and backdrop do nothing (default true). */
  dismissible?: (props: PopupPropsMap[N]) => boolean;
}

// The account popups load on first use (home stays light).
const LoginPopup = lazy(() => import('@/features/session/components/LoginPopup'));
const RegisterPopup = lazy(() => import('@/features/session/components/RegisterPopup'));
const ForgotPasswordPopup = lazy(() => import('@/features/session/components/ForgotPasswordPopup'));
const ChangePasswordPopup = lazy(() => import('@/features/session/components/ChangePasswordPopup'));
const ResetPasswordPopup = lazy(() => import('@/features/session/components/ResetPasswordPopup'));
const GamePopup = lazy(() => import('@/features/play/GamePopup'));
const NoticePopup = lazy(() => import('@/features/announcements/NoticePopup'));
const AnnouncementPopup = lazy(() => import('@/features/announcements/AnnouncementPopup'));
const LiveChatPopup = lazy(() => import('@/features/support/LiveChatPopup'));
const HelpPopup = lazy(() => import('@/features/help/HelpPopup'));
const AppDownloadPopup = lazy(() => import('@/features/support/AppDownload'));

function AlertBody({ close, props }: PopupBodyProps<'alert'>) {
  const { t } = useTranslation();
  return (
    <div className="alert">
      <p className="alert__message">{props.message}</p>
      <div className="alert__actions">
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus
          onClick={() => {
            props.onConfirm?.();
            close();
          }}
        >
          {props.confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </div>
  );
}

export const popupRegistry: { [N in PopupName]: PopupEntry<N> } = {
  login: { component: LoginPopup, title: () => i18n.t('popups.login.title'), size: 'sm' },
  register: { component: RegisterPopup, title: () => i18n.t('popups.register.title'), size: 'md' },
  forgotPassword: { component: ForgotPasswordPopup, title: () => i18n.t('popups.forgotPassword.title'), size: 'sm' },
  changePassword: {
    component: ChangePasswordPopup,
    title: () => i18n.t('popups.changePassword.title'),
    size: 'sm',
    dismissible: (p) => !p?.forced,
  },
  resetPassword: { component: ResetPasswordPopup, title: () => i18n.t('popups.resetPassword.title'), size: 'sm' },
  notice: { component: NoticePopup, title: () => i18n.t('popups.notice.title'), size: 'md' },
  announcement: { component: AnnouncementPopup, title: () => i18n.t('annHome.popupTitle'), size: 'lg' },
  liveChat: { component: LiveChatPopup, title: () => i18n.t('popups.liveChat.title'), size: 'sm' },
  alert: { component: AlertBody, title: () => i18n.t('dialog.warning'), size: 'sm' },
  // The game frame has its own close, fullscreen and Escape; a stray backdrop click must not end it.
  game: { component: GamePopup, size: 'xl', dismissible: () => false },
  help: { component: HelpPopup, title: () => i18n.t('pages.help.title'), size: 'lg' },
  appDownload: { component: AppDownloadPopup, title: () => i18n.t('sideMenu.download'), size: 'md' },
};
