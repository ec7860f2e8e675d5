/**
 * The popups the host knows, by name. Later issues replace the placeholder bodies (login,
 * register, notice, live chat...) or add new names: add the props type to PopupPropsMap and
 * an entry to popupRegistry (use React.lazy for anything heavy).
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import type { AuthPopupOptions } from '@/features/session/loginPopup';
import { ComingSoonPanel } from './ComingSoonPanel';

export interface AlertPopupProps {
  message: string;
  title?: string;
  confirmLabel?: string;
  onConfirm?: () => void;
}

export interface PopupPropsMap {
  login: AuthPopupOptions | undefined;
  register: AuthPopupOptions | undefined;
  notice: undefined;
  liveChat: undefined;
  alert: AlertPopupProps;
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
}

function LoginPlaceholder({ close }: PopupBodyProps<'login'>) {
  return <ComingSoonPanel icon="user" name="login" onClose={close} />;
}
function RegisterPlaceholder({ close, props }: PopupBodyProps<'register'>) {
  const { t } = useTranslation();
  return (
    <ComingSoonPanel icon="userPlus" name="register" onClose={close}>
      {props?.referralCode && (
        <p className="coming-soon__meta">
          {t('popups.register.referral')} <strong dir="ltr">{props.referralCode}</strong>
        </p>
      )}
    </ComingSoonPanel>
  );
}
function NoticePlaceholder({ close }: PopupBodyProps<'notice'>) {
  return <ComingSoonPanel icon="bell" name="notice" onClose={close} />;
}
function LiveChatPlaceholder({ close }: PopupBodyProps<'liveChat'>) {
  return <ComingSoonPanel icon="chat" name="liveChat" onClose={close} />;
}
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
  login: { component: LoginPlaceholder, title: () => i18n.t('popups.login.title'), size: 'sm' },
  register: { component: RegisterPlaceholder, title: () => i18n.t('popups.register.title'), size: 'sm' },
  notice: { component: NoticePlaceholder, title: () => i18n.t('popups.notice.title'), size: 'md' },
  liveChat: { component: LiveChatPlaceholder, title: () => i18n.t('popups.liveChat.title'), size: 'sm' },
  alert: { component: AlertBody, title: () => i18n.t('dialog.warning'), size: 'sm' },
};
