import { z } from 'zod';
import { customerServiceEntry, fieldRule, MODULES, moduleNode, resourceEntry } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/**
 * Brand settings of the operator console (issue 9 item 2, permission settings.manage). GET reads
 * the brand's settings by section; each POST saves one section: the server locks the brand row,
 * merges the section into the stored config, validates the whole config, writes it, reloads the
 * brand on every instance and audits the section's before/after. Every POST answers the settings.
 * Money fields travel as decimal strings ("1.00") and are stored in minor units.
 *
 * Failures: request_param_err, `operator.*` (session, permission), `settings.language.default`,
 * `settings.gmt.range`, `settings.register.range`, `settings.register.pattern`,
 * `settings.module.unknown`, `settings.amount.invalid`, `settings.config.invalid`.
 */

export const SECTIONS = ['modules', 'languages', 'register', 'access', 'contact', 'thresholds'] as const;
export type Section = (typeof SECTIONS)[number];

/** Registration and login flags of spec §5–§6: module switches shown in the register section too. */
export const REGISTER_FLAGS = [
  MODULES.registerUsername, MODULES.registerMobile, MODULES.registerMobileVerify, MODULES.registerMobilePassword,
  MODULES.passwordByPhone, MODULES.passwordByMail, MODULES.freePlay, MODULES.forcePasswordChange, MODULES.smsLogin,
] as const;

export const GMT_MIN = -720;
export const GMT_MAX = 840;
export const VERIFICATIONS = ['sms', 'email', 'bank', 'otp'] as const;

const languageCode = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);
/** A decimal amount in major units, zero allowed ("0", "12.5", "12.50"). */
const money = z.string().trim().max(20);
const country = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/);
const link = z.string().trim().max(300).refine((s) => s === '' || /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(s), { message: 'link' });

export const modulesSection = z.object({
  /** Module id → enabled, for the modules to change (others keep their state). */
  switches: z.record(z.string().min(1).max(40), z.boolean()),
});

export const languagesSection = z.object({
  languages: z.array(languageCode).min(1).max(LANGUAGE_CODES.length).refine((l) => new Set(l).size === l.length, { message: 'duplicate' }),
  defaultLanguage: languageCode,
});

export const registerSection = z.object({
  rules: z.record(z.string().regex(/^[A-Za-z]{2,32}$/), fieldRule.extend({
    acceptedPattern: z.string().max(300),
    minLength: z.number().int().min(0).max(500),
    maxLength: z.number().int().min(0).max(500),
    patternId: z.string().max(60),
  })),
  /** Module id of {@link REGISTER_FLAGS} → on/off. */
  flags: z.record(z.string(), z.boolean()).default({}),
});

export const accessSection = z.object({
  maintenance: z.object({ enabled: z.boolean(), message: z.string().trim().max(500).default('') }),
  region: z.object({ mode: z.enum(['allow', 'block']), countries: z.array(country).max(250) }),
});

export const contactSection = z.object({
  customerService: z.array(customerServiceEntry.extend({
    csType: z.string().trim().min(1).max(30), title: z.string().trim().min(1).max(60), path: link.refine((s) => s !== '', { message: 'required' }),
  })).max(20),
  resources: z.array(resourceEntry.extend({ resourceType: z.string().trim().min(1).max(30), url: link.refine((s) => s !== '', { message: 'required' }) })).max(20),
  social: z.object({ facebook: link, youtube: link, telegram: link, whatsapp: link, instagram: link }).partial(),
  supportHours: z.string().trim().max(120),
  gmtOffsetMinutes: z.number().int(),
});

export const thresholdsSection = z.object({
  autoReceiptMinutes: z.number().int().min(1).max(43_200),
  security: z.object({
    idleTimeoutMinutes: z.number().int().min(1).max(1440),
    absoluteLifetimeHours: z.number().int().min(1).max(720),
    passwordExpiryDays: z.number().int().min(0).max(3650),
    captchaOnLogin: z.boolean(),
    captchaAfterFailures: z.number().int().min(1).max(20),
    newIpVerification: z.array(z.enum(VERIFICATIONS)).max(4),
    /** A new-address login by a member with nothing to check against: let in, or refuse. */
    newIpWithoutContact: z.enum(['allow', 'refuse']).optional(),
    /** Hours money out stays held after a new-device login that follows a password reset (0 = none). */
    moneyOutHoldHours: z.number().int().min(0).max(720).optional(),
  }),
  /** Valid bets in a day that make a member active (agent reports). */
  activeMemberValidBet: money,
  points: z.object({ validBetPerPoint: money, convertValue: money, convertMin: z.number().int().min(1).max(1_000_000) }),
  referral: z.object({ firstDepositPercent: z.string().trim().max(10), firstDepositMax: money, thresholdAmount: money, thresholdReward: money }),
});

export type ModulesSection = z.input<typeof modulesSection>;
export type LanguagesSection = z.input<typeof languagesSection>;
export type RegisterSection = z.input<typeof registerSection>;
export type AccessSection = z.input<typeof accessSection>;
export type ContactSection = z.input<typeof contactSection>;
export type ThresholdsSection = z.input<typeof thresholdsSection>;

export const settingsView = z.object({
  version: z.number().int(),
  modules: z.array(moduleNode),
  languages: z.object({ languages: z.array(languageCode), defaultLanguage: languageCode }),
  register: z.object({ rules: z.record(z.string(), fieldRule), flags: z.record(z.string(), z.boolean()) }),
  access: z.object({ maintenance: z.object({ enabled: z.boolean(), message: z.string() }), region: z.object({ mode: z.enum(['allow', 'block']), countries: z.array(z.string()) }) }),
  contact: z.object({
    customerService: z.array(customerServiceEntry), resources: z.array(resourceEntry),
    social: z.object({ facebook: z.string(), youtube: z.string(), telegram: z.string(), whatsapp: z.string(), instagram: z.string() }),
    supportHours: z.string(), gmtOffsetMinutes: z.number().int(),
  }),
  thresholds: z.object({
    autoReceiptMinutes: z.number().int(),
    security: z.object({
      idleTimeoutMinutes: z.number().int(), absoluteLifetimeHours: z.number().int(), passwordExpiryDays: z.number().int(),
      captchaOnLogin: z.boolean(), captchaAfterFailures: z.number().int(), newIpVerification: z.array(z.enum(VERIFICATIONS)),
      newIpWithoutContact: z.enum(['allow', 'refuse']), moneyOutHoldHours: z.number().int(),
    }),
    activeMemberValidBet: z.string(),
    points: z.object({ validBetPerPoint: z.string(), convertValue: z.string(), convertMin: z.number().int() }),
    referral: z.object({ firstDepositPercent: z.string(), firstDepositMax: z.string(), thresholdAmount: z.string(), thresholdReward: z.string() }),
  }),
});
export type SettingsView = z.infer<typeof settingsView>;

export const getSettings = endpoint({
  method: 'GET', path: '/wps/ops/settings', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s settings by section (settings.manage).', response: settingsView,
});

const save = <B extends z.ZodType>(section: Section, body: B, summary: string) => endpoint({
  method: 'POST', path: `/wps/ops/settings/${section}`, module: MODULES.common, auth: 'none', summary: `${summary} (settings.manage).`, body, response: settingsView,
});

export const saveModules = save('modules', modulesSection, 'Turns white-label modules on or off; a module is on only when its parents are');
export const saveLanguages = save('languages', languagesSection, 'Visible languages and the default one (must be visible)');
export const saveRegister = save('register', registerSection, 'Registration field rules (enabled, required, length, pattern) and the registration/login flags');
export const saveAccess = save('access', accessSection, 'Maintenance (on/off, message) and region rules (allow or block a country list)');
export const saveContact = save('contact', contactSection, 'Customer-service entries, app downloads, social links, support hours and GMT offset');
export const saveThresholds = save('thresholds', thresholdsSection, 'Auto-receipt minutes, security, active-member bet, points ratio and referral rule');
