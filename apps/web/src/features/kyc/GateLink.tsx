/**
 * Under a refused deposit, withdrawal or launch: when the brand's KYC gate refused it
 * (`kyc.*.required`, `kyc.age.under`), a link to the Verification page, where the member sees
 * what is needed and why. Nothing for any other error.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import './locale';

const isGateError = (e: unknown) => isApiError(e) && /^kyc\.(age|identity|address|contact)\./.test(e.errorCode);

export function KycGateLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isGateError(error)) return null;
  const contact = isApiError(error) && error.errorCode === 'kyc.contact.required';
  return (
    <p className="kyc-gate-link">
      <Link className="btn btn--primary btn--sm" to={contact ? '/member?page=securityCenter' : '/member?page=verification'} data-testid="kyc-gate-link">
        {t(contact ? 'kyc.gate.contact' : 'kyc.gate.verify')}
      </Link>
    </p>
  );
}
