/**
 * Error messages in the translated languages beyond ES and EN (contract TRANSLATED_LANGUAGES):
 * the envelope's `message` speaks the request's `language` header (PT-BR, CN, AR, VI, TH, FA).
 * A code a language does not list (console-only codes, isConsoleOnlyError) reads in English. Params are
 * filled as in the contract; a param that is a code (a status, a field) reads in English words.
 */
import { ERROR_PARAM_WORDS, errorMessage, isErrorCode } from '@lobby/contract';
import ar from './ar.ts';
import fa from './fa.ts';
import ptBR from './pt-BR.ts';
import th from './th.ts';
import vi from './vi.ts';
import zhCN from './zh-CN.ts';

/**
 * Codes only the operator console (ES and EN, spec: the console may stay ES and EN) or a server
 * calling us (game vendors, payment and KYC webhooks) ever reads: they need no translation. Every
 * other error code must be in every table (error-texts.test.ts fails otherwise).
 */
const CONSOLE_PREFIXES = ['operator.', 'settings.', 'content.', 'vendor.'];
const CONSOLE_CODES = new Set([
  'cashier.operator.unauthorized', 'lottery.draw.now.disabled', 'lottery.draw.state', 'promotion.review.done', 'promotion.rule.invalid',
  'points.redemption.not.found', 'points.redemption.reviewed', 'feedback.not.found', 'feedback.replied', 'responsible.no.cooloff',
  'kyc.check.not.found', 'kyc.check.decided', 'kyc.reason.required', 'kyc.approval.same', 'kyc.approval.named', 'kyc.webhook.signature',
  'kyc.webhook.unknown', 'risk.review.required', 'risk.review.not.found', 'payments.signature.invalid', 'payments.payout.unsupported',
  'payments.recon.not.found', 'payments.recon.resolved', 'aml.flag.not.found',
]);
/** Whether only the console or a calling server reads `code` (English/Spanish only). */
export const isConsoleOnlyError = (code: string): boolean => CONSOLE_CODES.has(code) || CONSOLE_PREFIXES.some((p) => code.startsWith(p));

/** Contract language code → its messages by error code. */
export const ERROR_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'PT-BR': ptBR, CN: zhCN, AR: ar, VI: vi, TH: th, FA: fa,
};

/** The message of `code` in `language` (a contract code such as 'AR'), else in `fallback` (ES or EN). */
export function localizedErrorMessage(code: string, language: string | undefined, fallback: 'ES' | 'EN', params?: Record<string, string | number>): string {
  const text = language ? ERROR_TEXTS[language.trim().toUpperCase()]?.[code] : undefined;
  if (!text) return errorMessage(code, fallback, params);
  if (!params) return text;
  const words = isErrorCode(code) ? ERROR_PARAM_WORDS[code] : undefined;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => {
    if (!(k in params)) return m;
    const v = params[k];
    const word = words?.[k] && Object.prototype.hasOwnProperty.call(words[k], v) ? words[k][v].en : undefined;
    return word ? word.replace(/\{(\w+)\}/g, (w, p: string) => (p in params ? String(params[p]) : w)) : String(v);
  });
}
