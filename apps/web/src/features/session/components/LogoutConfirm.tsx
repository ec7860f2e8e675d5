/** The §4 logout confirmation: confirming logs out (useLogout: to /, then the session ends), cancelling closes. */
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/Modal';
import { useLogout } from '../actions';

export function LogoutConfirm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <AlertDialog
      title={t('auth.logoutTitle')}
      message={t('auth.logoutConfirm')}
      confirmLabel={t('auth.logout')}
      cancelLabel={t('common.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void logout();
      }}
    />
  );
}
