import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { PROMOTION_TYPES } from './announcements.ts';

/**
 * Promotions and the reward centre (§2 /promotions — the hash is the promotion id —, §3
 * promotion and its types, §4 activity labels, §7 `PROMOFE` relays, issue 7 item 2).
 *
 * A promotion has a display category (the §3 types, for the page's filter) and a rule kind:
 * - `deposit`: percent (bps) of the first confirmed deposit of at least `minDeposit` made after
 *   joining in the period, up to `maxBonus` (join first).
 * - `newbie`: percent of the member's first confirmed deposit when it is made within `withinDays`
 *   of registration (no join).
 * - `rebate`: bps of the valid bet settled on the previous brand day (optionally of some game
 *   types), claimable once a day when it reaches `minValidBet`, up to `maxBonus`.
 * - `appDownload`: a fixed amount; the member applies, the operator approves (issued) or
 *   rejects, then the member claims.
 * - `ranking`: the members with the most valid bet in the previous period (from `minValidBet`)
 *   win `prizes[rank - 1]`; ties go to who reached it first (lower member id).
 * Claims credit the BONUS wallet (bonus_pool → member bonus, posting kind `promotion`) with a
 * turnover requirement of (basis + bonus) × multiple for deposits, bonus × multiple otherwise,
 * once per member, promotion and period: a retry answers the first claim.
 *
 * `content` is operator HTML: clients MUST sanitise it (DOMPurify) before rendering.
 * Failures: `promotion.not.found` (404), `promotion.not.started`, `promotion.closed`,
 * `promotion.not.eligible`, `promotion.already.joined` (409), request_param_err.
 */

export { PROMOTION_TYPES };
export type PromotionCategory = (typeof PROMOTION_TYPES)[number];
export const RULE_KINDS = ['deposit', 'newbie', 'rebate', 'appDownload', 'ranking'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const PERIODS = ['once', 'daily', 'weekly'] as const;

/** The activity labels of §4. */
export const LABELS = ['join', 'claim', 'applying', 'rejected', 'issued', 'claimed', 'process', 'joined', 'comingSoon', 'closed'] as const;
export type Label = (typeof LABELS)[number];
/** Labels whose button acts: join (or apply), claim (also after issued). */
export const ACTION_OF: Partial<Record<Label, 'join' | 'claim'>> = { join: 'join', claim: 'claim', issued: 'claim' };

/** What the label is, from the facts the server knows (one place, used by server and web). */
export interface LabelFacts {
  now: number;
  startsAt: number;
  endsAt: number | null;
  needsJoin: boolean;
  /** The member's claim row of the current period, if any. */
  status: 'joined' | 'applying' | 'rejected' | 'issued' | 'claimed' | null;
  /** A reward is computable and above zero now. */
  eligible: boolean;
  /** No reward can come in this period any more (e.g. the newbie window passed). */
  impossible: boolean;
}

export function activityLabel(f: LabelFacts): Label {
  if (f.status === 'claimed') return 'claimed';
  if (f.status === 'issued') return 'issued';
  if (f.status === 'rejected') return 'rejected';
  if (f.status === 'applying') return 'applying';
  if (f.now < f.startsAt) return 'comingSoon';
  const over = f.endsAt !== null && f.now >= f.endsAt;
  if (f.needsJoin && f.status !== 'joined') return over || f.impossible ? 'closed' : 'join';
  if (f.eligible) return 'claim';
  if (over || f.impossible) return 'closed';
  return f.needsJoin ? 'joined' : 'process';
}

export const rule = z.object({
  kind: z.enum(RULE_KINDS),
  period: z.enum(PERIODS),
  /** Percent in basis points (10000 = 100%). */
  bps: z.number().int().min(0).max(100_000),
  /** Major-unit decimal strings. */
  maxBonus: z.string(),
  minDeposit: z.string(),
  minValidBet: z.string(),
  fixedAmount: z.string(),
  turnoverMultiple: z.number().int().min(0),
  withinDays: z.number().int().min(0),
  gameTypes: z.array(z.string()),
  /** Ranking: the prize of each rank (major units), first place first. */
  prizes: z.array(z.string()),
});
export type Rule = z.infer<typeof rule>;

/** The caller's state in a promotion (null for visitors). */
export const mine = z.object({
  label: z.enum(LABELS),
  /** The reward claimable now or claimed (major units), "0.00" when none. */
  amount: z.string(),
  /** What the reward is computed on: the deposit or the valid bet (major units). */
  basis: z.string(),
  /** The valid bet still needed (turnover) for this reward, when claimed. */
  turnoverRequired: z.string(),
  periodKey: z.string(),
  /** Ranking: the member's place in the period judged (null when not in the prizes). */
  rank: z.number().int().nullable(),
});
export type Mine = z.infer<typeof mine>;

export const promotion = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(PROMOTION_TYPES),
  image: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  rule,
  mine: mine.nullable(),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionDetail = promotion.extend({
  /** Operator HTML (rules text): sanitise before rendering. */
  content: z.string(),
});
export type PromotionDetail = z.infer<typeof promotionDetail>;

const language = z.string().max(8).optional();
const promotionId = z.string().regex(/^[1-9][0-9]{0,17}$/);

export const listPromotions = endpoint({
  method: 'GET', path: '/wps/relay/PROMOFE_getPromotions', module: MODULES.promotions, auth: 'optional',
  summary: 'Promotions of the brand in the caller language, filtered by category (all = every one); with the caller state when logged in.',
  query: z.object({ type: z.enum(PROMOTION_TYPES).optional(), language }),
  response: z.object({ list: z.array(promotion), categories: z.array(z.enum(PROMOTION_TYPES)) }),
});

export const getPromotion = endpoint({
  method: 'GET', path: '/wps/relay/PROMOFE_getPromotion', module: MODULES.promotions, auth: 'optional',
  summary: 'One promotion with its rules text (operator HTML).',
  query: z.object({ id: promotionId, language }),
  response: promotionDetail,
});

export const rewardCenter = endpoint({
  method: 'GET', path: '/wps/relay/PROMOFE_getRewardCenter', module: MODULES.promotions, auth: 'member',
  summary: 'The reward centre: running promotions with the member labels, and how many can be claimed now.',
  query: z.object({ language }),
  response: z.object({ list: z.array(promotion), availableCount: z.number().int() }),
});

const action = z.object({ promotionId });

export const joinPromotion = endpoint({
  method: 'POST', path: '/wps/relay/PROMOFE_join', module: MODULES.promotions, auth: 'member',
  summary: 'Join (deposit bonus) or apply (app download) for the current period. Joining twice answers the same state.',
  body: action,
  response: mine,
});

export const claimPromotion = endpoint({
  method: 'POST', path: '/wps/relay/PROMOFE_claim', module: MODULES.promotions, auth: 'member',
  summary: 'Claim the reward of the current period into the bonus wallet (with its turnover). A retry answers the first claim.',
  body: action,
  response: mine,
});

export const claimRecord = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  periodKey: z.string(),
  status: z.enum(['joined', 'applying', 'rejected', 'issued', 'claimed']),
  amount: z.string(),
  turnoverRequired: z.string(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type ClaimRecord = z.infer<typeof claimRecord>;

export const claimList = endpoint({
  method: 'GET', path: '/wps/relay/PROMOFE_getClaimList', module: MODULES.promotions, auth: 'member',
  summary: 'The member claim list, newest first (50).',
  query: z.object({ language }),
  response: z.object({ list: z.array(claimRecord) }),
});

// ---- Operator (X-Operator-Key, like the cashier operator calls) ------------------------------

export const operatorApplications = endpoint({
  method: 'GET', path: '/wps/operator/promotions/applications', module: MODULES.promotions, auth: 'none',
  summary: 'Operator: applications waiting for review (app download), oldest first.',
  query: z.object({}),
  response: z.object({ list: z.array(claimRecord.extend({ username: z.string() })) }),
});

export const operatorReview = endpoint({
  method: 'POST', path: '/wps/operator/promotions/review', module: MODULES.promotions, auth: 'none',
  summary: 'Operator: approve (issued) or reject an application. A second review answers the first outcome.',
  body: z.object({ claimId: promotionId, approve: z.boolean() }),
  response: claimRecord,
});

/** Amounts the operator sends: major units with at most 2 decimals ("500", "12.50"); checked by the server. */
const amountText = z.string().trim().regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/, 'an amount like 500 or 12.50');
const texts = (max: number) => z.object({ ES: z.string().trim().max(max).optional(), EN: z.string().trim().max(max).optional() })
  .refine((t) => !!(t.ES || t.EN), 'a text in ES or EN');
const siteLink = z.string().trim().max(500).refine((u) => u === '' || /^\/(?!\/)[^\s]*$/.test(u) || /^https:\/\/[^\s]+$/i.test(u), 'a site path or an https URL');

export const promotionInput = z.object({
  category: z.enum(PROMOTION_TYPES).refine((c) => c !== 'all', 'a category other than all'),
  rule: z.object({
    kind: z.enum(RULE_KINDS),
    period: z.enum(PERIODS),
    bps: z.number().int().min(0).max(100_000).optional(),
    maxBonus: amountText.optional(),
    minDeposit: amountText.optional(),
    minValidBet: amountText.optional(),
    fixedAmount: amountText.optional(),
    turnoverMultiple: z.number().int().min(0).max(100).optional(),
    withinDays: z.number().int().min(0).max(365).optional(),
    gameTypes: z.array(z.string().regex(/^[A-Z]{2,12}$/)).max(12).optional(),
    prizes: z.array(amountText).max(100).optional(),
  }),
  title: texts(120),
  summary: texts(400).optional(),
  /** Operator HTML (rules text): stored as sent, sanitised by every client at render. */
  content: z.object({ ES: z.string().max(20_000).optional(), EN: z.string().max(20_000).optional() }).optional(),
  image: siteLink.optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const operatorCreate = endpoint({
  method: 'POST', path: '/wps/operator/promotions/create', module: MODULES.promotions, auth: 'none',
  summary: 'Operator: publish a promotion. Its rule must fit its kind (deposit/newbie/rebate need bps; appDownload fixedAmount; ranking prizes).',
  body: promotionInput,
  response: promotion,
});

export const operatorSetEnabled = endpoint({
  method: 'POST', path: '/wps/operator/promotions/enabled', module: MODULES.promotions, auth: 'none',
  summary: 'Operator: switch a promotion off (hidden everywhere, no more joins or claims) or on again.',
  body: z.object({ id: promotionId, enabled: z.boolean() }),
  response: z.object({ id: z.string(), enabled: z.boolean() }),
});
