/**
 * Field rules of the brand's register settings (§3, §5), checked on the client exactly as the
 * server checks them: a value must be present when required, lie within minLength..maxLength
 * and match acceptedPattern (a lone `*` means any). The message comes from the patternId key
 * (rules.<patternId>) with (min) and (max) replaced — one number when they are equal.
 */
import '@/features/session/locale';
import type { FieldRule } from '@lobby/contract';

export type RuleReason = 'required' | 'length' | 'pattern';
export type RuleLike = Pick<FieldRule, 'acceptedPattern' | 'minLength' | 'maxLength' | 'patternId'>;

/** The patternIds with their own message (§5 generic messages); others fall back to `length`. */
export const PATTERN_IDS = [
  'length', 'any', 'letter_start_alnum', 'alphanumeric', 'letters_digits', 'digits_only', 'uppercase',
  'english_spaces', 'no_spaces', 'chinese', 'korean', 'thai', 'date_ymd', 'date_mdy', 'mailbox', 'not_empty',
] as const;

const regexCache = new Map<string, RegExp | null>();
function compile(pattern: string): RegExp | null {
  if (!regexCache.has(pattern)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = null; // a broken brand pattern never blocks the user: the server has the last word
      }
    }
    regexCache.set(pattern, re);
  }
  return regexCache.get(pattern)!;
}

/** Mobile numbers are checked on their digits: spaces, dashes, brackets and a leading + are formatting. */
export function mobileDigits(value: string): string {
  return value.replace(/[\s().-]/g, '').replace(/^\+/, '');
}

/** Check one value; null when it passes. Empty optional values pass. */
export function checkRule(rule: RuleLike | undefined, raw: string | undefined, required: boolean): RuleReason | null {
  const value = (raw ?? '').trim();
  if (!value) return required ? 'required' : null;
  if (!rule) return null;
  if (value.length < rule.minLength || (rule.maxLength > 0 && value.length > rule.maxLength)) return 'length';
  if (rule.acceptedPattern.trim() !== '*') {
    const re = compile(rule.acceptedPattern);
    if (re && !re.test(value)) return 'pattern';
  }
  return null;
}

/** Fill (min) and (max) into a rule message; "(min)-(max)" becomes one number when they are equal. */
export function fillRange(text: string, min: number, max: number): string {
  let out = text;
  if (min === max) out = out.replace(/\(min\)\s*[-–~]\s*\(max\)/g, String(min)).replace(/\(min\)\s*(?:and|y|to|a)\s*\(max\)/g, String(min));
  return out.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max));
}

type T = (key: string) => string;

/** The message for a failed rule, in the UI language. */
export function ruleMessage(t: T, rule: Pick<RuleLike, 'patternId' | 'minLength' | 'maxLength'> | undefined, reason: RuleReason): string {
  if (reason === 'required' || !rule) return t('rules.not_empty');
  const id = (PATTERN_IDS as readonly string[]).includes(rule.patternId) ? rule.patternId : 'length';
  return fillRange(t(`rules.${id}`), rule.minLength, rule.maxLength);
}

/** checkRule + ruleMessage: the error text for a value, or null. */
export function validate(t: T, rule: RuleLike | undefined, value: string | undefined, required: boolean): string | null {
  const reason = checkRule(rule, value, required);
  return reason ? ruleMessage(t, rule, reason) : null;
}

/** Age in whole years on `today` of a yyyy-MM-dd birthday (null when it is not a real date). */
export function ageOn(birthday: string, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age;
}
