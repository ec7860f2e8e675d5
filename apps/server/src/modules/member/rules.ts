import { LIMITS, type FieldRule, type member } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';

/**
 * Register field rules of the brand (§3, §5), applied on the server: a field that is enabled
 * (or that the flow needs) must be present when required, lie within its length bounds and
 * match `acceptedPattern` (a lone `*` means any). A failure is `field.invalid` with the field,
 * reason and the rule's patternId / bounds so the client shows the pattern message.
 */
const ANY_RULE: FieldRule = { acceptedPattern: '*', minLength: 0, maxLength: 128, patternId: 'length', enabled: true, required: false };

export function fieldFail(field: string, reason: member.FieldError['reason'], rule: FieldRule): AppError {
  const value: member.FieldError = { field, reason, patternId: rule.patternId, minLength: rule.minLength, maxLength: rule.maxLength };
  return new AppError('field.invalid', { field }, value);
}

/**
 * Checks one value against a rule. `force` makes the field enabled and required whatever the
 * brand says (a username registration always needs a username). Answers the trimmed value, or
 * undefined when the field is off or empty and optional.
 */
export function checkField(brand: Brand, field: string, raw: string | undefined, opts: { force?: boolean; as?: string } = {}): string | undefined {
  const rule = brand.config.register[opts.as ?? field] ?? ANY_RULE;
  if (!rule.enabled && !opts.force) return undefined;
  const value = (raw ?? '').trim();
  if (!value) {
    if (rule.required || opts.force) throw fieldFail(field, 'required', rule);
    return undefined;
  }
  return checkValue(field, value, rule);
}

/** Length and pattern of a present (trimmed) value under a rule; answers the value. */
export function checkValue(field: string, value: string, rule: FieldRule): string {
  if (value.length < rule.minLength || (rule.maxLength > 0 && value.length > rule.maxLength)) throw fieldFail(field, 'length', rule);
  if (rule.acceptedPattern.trim() !== '*') {
    let re: RegExp;
    try {
      re = new RegExp(rule.acceptedPattern, 'u');
    } catch {
      re = new RegExp(rule.acceptedPattern);
    }
    if (!re.test(value)) throw fieldFail(field, 'pattern', rule);
  }
  return value;
}

/** A new password: the brand's password rule, never the weak default. */
export function checkNewPassword(brand: Brand, field: string, value: string | undefined): string {
  const v = checkField(brand, field, value, { force: true, as: 'password' })!;
  if (v === LIMITS.defaultWeakPassword) throw fieldFail(field, 'pattern', brand.config.register.password ?? ANY_RULE);
  return v;
}

/** Passwords are compared untrimmed, as typed. */
export function checkConfirmation(a: string | undefined, b: string | undefined): void {
  if ((a ?? '') !== (b ?? '')) throw new AppError('inconsistent_twice');
}

/** A yyyy-MM-dd birthday of someone at least LIMITS.minimumAge years old. */
export function checkBirthday(brand: Brand, value: string | undefined, today = new Date(), opts: { force?: boolean } = {}): string | undefined {
  const v = checkField(brand, 'birthday', value, opts);
  if (!v) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const rule = brand.config.register.birthday ?? ANY_RULE;
  if (!m) throw fieldFail('birthday', 'pattern', rule);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900) {
    throw fieldFail('birthday', 'pattern', rule);
  }
  // born on 29 February: Date.UTC rolls over to 1 March in a non-leap year
  const adult = new Date(Date.UTC(y + LIMITS.minimumAge, mo - 1, d));
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (adult.getTime() > now) throw new AppError('register.age.under', { age: LIMITS.minimumAge });
  return v;
}
