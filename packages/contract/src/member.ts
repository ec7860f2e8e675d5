import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/** Member info (§3). `type` is numeric; agent and trial types come from the brand config. */
export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Balance of the main wallet in major units as a decimal string ("1234.50"). */
  balance: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  vip: z.boolean(),
  vipLabel: z.string(),
  rankLevel: z.number().int(),
  availablePromoCount: z.number().int(),
  unreadMessageCount: z.number().int(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  language: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const getMemberInfo = endpoint({
  method: 'GET', path: '/wps/member/info', module: MODULES.member, auth: 'member',
  summary: 'The logged-in member: account, type, balance, badges.',
  response: memberInfo,
});

export const setLanguage = endpoint({
  method: 'POST', path: '/wps/member/language', module: MODULES.member, auth: 'member',
  summary: 'Remember the member\'s interface language.',
  body: z.object({ language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]) }),
  response: z.object({ language: z.string() }),
});
