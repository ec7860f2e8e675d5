/**
 * The member centre's notice of a money-out hold or block (issue 18, agents' powers over members):
 * after a password reset, a login from a new device holds withdrawals and transfers until a time;
 * after an agent's temporary password, they wait for a mobile or e-mail of the member's own.
 */
import '../../../locales/member';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/features/session';
import { DateTime } from '@/components/ui/kit';

export function MoneyOutNotice() {
  const { t } = useTranslation();
  const state = useSession().member?.moneyOut;
  if (!state || state.state === 'ok') return null;
  return (
    <div className="notice notice--warning mo-notice" role="status" data-testid="money-out-notice" data-state={state.state}>
      <strong>{t(`security.moneyOut.${state.state}.title`)}</strong>{' '}
      {state.state === 'hold'
        ? <>{t('security.moneyOut.hold.text')} <DateTime value={state.until} />. {t('security.moneyOut.hold.why')}</>
        : <>{t('security.moneyOut.contact.text')} <Link to="/member?page=securityCenter">{t('security.moneyOut.contact.action')}</Link></>}
    </div>
  );
}
