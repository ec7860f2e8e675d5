/** The login popup (§2): banner w_login, the login form, links to register, forgot password and free trial. */
import { useTranslation } from 'react-i18next';
import { MODULES } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { usePopups } from '@/components/popups';
import { useModuleEnabled } from '@/lib/system';
import { useFreeTrial } from '../actions';
import { AuthBanner } from './AuthBanner';
import { LoginForm } from './LoginForm';
import '@/components/ui/form.css';
import './auth.css';

export default function LoginPopup({ props }: PopupBodyProps<'login'>) {
  const { t } = useTranslation();
  const popups = usePopups();
  const freeplay = useModuleEnabled(MODULES.freePlay);
  const byMail = useModuleEnabled(MODULES.passwordByMail);
  const byPhone = useModuleEnabled(MODULES.passwordByPhone);
  const forgotOn = byMail || byPhone;
  const registerOn = useModuleEnabled(MODULES.register);
  const startTrial = useFreeTrial();
  return (
    <div className="auth">
      <AuthBanner group="w_login" />
      <LoginForm goTo={props?.returnTo} onForgot={forgotOn ? () => (popups.close('login'), popups.open('forgotPassword')) : undefined} />
      <div className="auth__links">
        {registerOn && (
          <p>
            {t('auth.noAccount')}{' '}
            <button type="button" className="link-btn" onClick={() => {
                popups.close('login');
                popups.open('register', props?.referralCode ? { referralCode: props.referralCode } : undefined);
              }}>
              {t('auth.registerLink')}
            </button>
          </p>
        )}
        {freeplay && (
          <button type="button" className="btn btn--ghost btn--block" onClick={() => void startTrial()}>
            {t('auth.tryFree')}
          </button>
        )}
      </div>
    </div>
  );
}
