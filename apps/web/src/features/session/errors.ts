/** Error texts of the account screens: a server error code translated, with its parameters. */
import { LIMITS } from '@lobby/contract';
import { isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';

/** The translated text of any error thrown by `call()`. */
export function describeError(e: unknown): string {
  if (!isApiError(e)) return errorText('unknown.error');
  const value = (e.value ?? {}) as { retryAfterSeconds?: number };
  switch (e.errorCode) {
    case 'login.locked':
      return errorText(e.errorCode, undefined, { minutes: Math.max(1, Math.ceil((value.retryAfterSeconds ?? 60) / 60)) });
    case 'sms.too.many':
      return errorText(e.errorCode, undefined, { minutes: LIMITS.phoneVerificationRetryMinutes });
    case 'register.age.under':
      return errorText(e.errorCode, undefined, { age: LIMITS.minimumAge });
    default:
      return errorText(e.errorCode, e.message);
  }
}

/** `value.captcha` of a failed login / register answer: the form must show the captcha. */
export function wantsCaptcha(e: unknown): boolean {
  return isApiError(e) && !!(e.value as { captcha?: boolean } | undefined)?.captcha;
}
