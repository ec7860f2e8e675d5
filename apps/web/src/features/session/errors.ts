/** Error texts of the account screens: a server error code translated, with its parameters. */
import { LIMITS } from '@lobby/contract';
import { isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';

/** The translated text of any error thrown by `call()`. */
export function describeError(e: unknown): string {
  if (!isApiError(e)) return errorText('unknown.error');
  const value = (e.value ?? {}) as { retryAfterSeconds?: number };
  switch (e.errorCode) {
    case 'login.throttled':
      return errorText(e.errorCode, undefined, { time: waitText(value.retryAfterSeconds ?? 30) });
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

/** A wait as the server words it in `login.throttled`: "45 s", "15 min". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** `value.captcha` of a failed login / register answer: the form must show the captcha. */
export function wantsCaptcha(e: unknown): boolean {
  return isApiError(e) && !!(e.value as { captcha?: boolean } | undefined)?.captcha;
}
