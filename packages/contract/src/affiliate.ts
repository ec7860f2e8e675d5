import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { dateRange, money } from './wallet.ts';
import { GAME_TYPES } from './constants.ts';
import { NEGATIVE_CARRY, PLANS } from './contracts.ts';

/**
 * Affiliate tracking (issue 25): tracked links, the links report and postbacks.
 *
 * A tracked link is an agent's invite link or its permanent affiliate link (the agent's referral
 * code), on any page of the site: `/<page>?referralCode=<code>&campaign=<name>&sub=<sub-ID>`.
 * The site records the click (`click`), keeps the attribution in the browser and sends its click
 * id with the registration. Clicks count once per visitor, link, campaign, sub-ID and brand day;
 * known bots (by user agent) are not counted.
 *
 * Failures (besides request_param_err, customer.not.login, login.non.agent):
 * - `agent.postback.url.invalid` (400) not an http(s) address, or a bad macro;
 * - `agent.postback.host.denied` (400) the brand does not allow this host, or it resolves to a
 *   private, loopback or link-local address;
 * - `wallet.range.invalid` / `wallet.range.too.long` (400) as the other reports.
 */

const M = MODULES.agent;
const day = dateRange.shape.startDate;
/** A decimal amount with at most 2 decimals ("10", "10.50"). */
const amount = z.string().trim().regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/);

/** Campaign names and sub-IDs: letters, digits and . _ - (at most 40). */
export const TAG_MAX = 40;
export const tag = z.string().trim().max(TAG_MAX).regex(/^[A-Za-z0-9._-]*$/);

export const click = endpoint({
  method: 'POST', path: '/wps/aff/click', module: MODULES.register, auth: 'none',
  summary: 'Records a visit through a tracked link (once per visitor a day); answers the click id to send with the registration.',
  body: z.object({
    code: z.string().trim().min(1).max(32),
    campaign: z.string().max(200).optional(),
    sub: z.string().max(200).optional(),
    /** The page the visitor landed on (path and query). */
    landing: z.string().max(300).optional(),
  }),
  response: z.object({ tracked: z.boolean(), clickId: z.string().nullable() }),
});

const counts = {
  clicks: z.number().int(),
  registrations: z.number().int(),
  ftds: z.number().int(),
  deposits: money,
  validBet: money,
  /** Bets − wins of the attributed members (the house's gross gaming revenue). */
  ggr: money,
  /** Bonuses and rebates paid to them. */
  bonus: money,
  /** GGR − bonuses and rebates. */
  ngr: money,
};

export const linkRow = z.object({
  /** The invite link's id; "0" = the permanent affiliate link. */
  linkId: z.string(),
  code: z.string(),
  remark: z.string(),
  campaign: z.string(),
  subId: z.string(),
  ...counts,
});
export type LinkRow = z.infer<typeof linkRow>;

export const linksValue = z.object({
  startDate: day,
  endDate: day,
  /** The agent's permanent affiliate link code (its referral code). */
  permanentCode: z.string(),
  list: z.array(linkRow),
  totals: z.object(counts),
  days: z.array(z.object({ day, ...counts })),
});
export type LinksValue = z.infer<typeof linksValue>;

export const linksQuery = dateRange.extend({ campaign: tag.optional(), subId: tag.optional() });

export const linksReport = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentLinksReport', module: M, auth: 'member',
  summary: "Clicks, registrations, FTDs, deposits, valid bet, GGR and NGR of the caller's links per link, campaign and sub-ID, and per day.",
  query: linksQuery,
  response: linksValue,
});

// ---- Postbacks -----------------------------------------------------------------------------

export const POSTBACK_EVENTS = ['registration', 'ftd', 'cpa'] as const;
export const postbackEvent = z.enum(POSTBACK_EVENTS);
export type PostbackEvent = z.infer<typeof postbackEvent>;
/** Macros a template may use. */
export const MACROS = ['sub_id', 'click_id', 'campaign', 'amount', 'currency', 'event', 'member_id'] as const;
export const TEMPLATE_MAX = 1000;
export const POSTBACK_LOG_MAX = 100;

export const postbackSettings = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentPostbacks', module: M, auth: 'member',
  summary: "The caller's postback templates, the hosts the brand allows and the delivery log (newest first).",
  response: z.object({
    templates: z.array(z.object({ event: postbackEvent, template: z.string() })),
    allowedHosts: z.array(z.string()),
    macros: z.array(z.string()),
    log: z.array(z.object({
      id: z.string(), event: postbackEvent, url: z.string(), status: z.enum(['pending', 'sent', 'failed']),
      attempts: z.number().int(), lastCode: z.number().int().nullable(), lastError: z.string().nullable(),
      createdAt: z.string(), sentAt: z.string().nullable(),
    })),
  }),
});

export const postbackSave = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentPostbackSave', module: M, auth: 'member',
  summary: 'Sets (or clears with an empty template) the postback URL template of an event.',
  body: z.object({ event: postbackEvent, template: z.string().trim().max(TEMPLATE_MAX) }),
  response: z.object({ event: postbackEvent, template: z.string() }),
});

// ---- The operator's brand settings -------------------------------------------------------------

/** Products an admin fee can be set for (bet records' game types). */
export const PRODUCTS = GAME_TYPES;
/** Basis points (1/100 of a percent): 0…10000. */
const bps = z.number().int().min(0).max(10_000);

export const settingsValue = z.object({
  /** Hosts agents' postbacks may go to: exact names, or `*.example.com` for its subdomains. */
  postbackHosts: z.array(z.string().trim().toLowerCase().min(1).max(253).regex(/^(\*\.)?[a-z0-9.:-]+$/)).max(50),
  /** Admin fee per product, in basis points of that product's GGR, taken before revenue share. */
  adminFeeBps: z.partialRecord(z.enum(PRODUCTS), bps),
  /** Payment fee in basis points of deposits and withdrawals. */
  paymentFeeBps: bps,
  /** The brand's CPA qualification, used where a CPA contract leaves a term unset (contracts.CPA_DEFAULT_RULE otherwise). */
  cpaRule: z.object({ minDeposit: amount.optional(), minValidBet: amount.optional(), days: z.number().int().min(1).max(90).optional() }).optional(),
});
export type SettingsValue = z.infer<typeof settingsValue>;

export const operatorSettings = endpoint({
  method: 'GET', path: '/wps/operator/affiliate/settings', module: MODULES.common, auth: 'none',
  summary: "Operator: the brand's affiliate settings (postback hosts, admin fee per product, payment fee).",
  response: settingsValue,
});

export const operatorSettingsSave = endpoint({
  method: 'POST', path: '/wps/operator/affiliate/settings', module: MODULES.common, auth: 'none',
  summary: "Operator: sets the brand's affiliate settings (audited).",
  body: settingsValue,
  response: settingsValue,
});

// ---- CSV exports of the agent reports --------------------------------------------------------

export const EXPORT_REPORTS = ['overview', 'downlines', 'betting', 'pl', 'transactions', 'links'] as const;
/** Rows an export holds at most (a larger range: narrow the filters). */
export const EXPORT_MAX_ROWS = 100_000;

export const exportCsv = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentExport', module: M, auth: 'member',
  summary: "Streams one of the caller's reports as CSV (UTF-8 with BOM; cells that start with = + - @ are quoted with a leading apostrophe so spreadsheets do not run them). The report's own filters apply: downlines scope/account/type/registeredFrom/registeredTo; betting account; pl scope; transactions account/codeTypes; links campaign/subId.",
  query: z.object({
    report: z.enum(EXPORT_REPORTS),
    startDate: day.optional(),
    endDate: day.optional(),
    scope: z.enum(['direct', 'all']).optional(),
    account: z.string().trim().max(32).optional(),
    type: z.enum(['agent', 'member']).optional(),
    registeredFrom: day.optional(),
    registeredTo: day.optional(),
    codeTypes: z.string().max(400).optional(),
    campaign: tag.optional(),
    subId: tag.optional(),
  }),
  /** text/csv (the envelope is not used). */
  response: z.string(),
});

// ---- The revenue behind the dividend: statement lines -------------------------------------------

const productLine = z.object({
  product: z.string(),
  betAmount: money,
  validBet: money,
  /** Bets − wins of the team in this product. */
  ggr: money,
  /** The operator's admin fee on this product (basis points of its GGR, none on a negative GGR). */
  adminFeeBps: z.number().int(),
  adminFee: money,
});

export const statementValue = z.object({
  startDate: day,
  endDate: day,
  products: z.array(productLine),
  /** Sum of the products' GGR. */
  ggr: money,
  /** Bonuses and rebates credited to the team. */
  bonus: money,
  deposits: money,
  withdrawals: money,
  /** paymentFeeBps of deposits + withdrawals. */
  paymentFeeBps: z.number().int(),
  paymentFees: money,
  adminFees: money,
  /** NGR = GGR − bonuses and rebates − payment fees − admin fees. */
  ngr: money,
  validBet: money,
  /** Distinct team members active in the period (valid bet at or above the brand's threshold on a day). */
  activeMembers: z.number().int(),
  /** The caller's dividend contract in force, its tiers and the one the period reaches (null: none). */
  contract: z.object({
    id: z.string(),
    period: z.string(),
    tiers: z.array(z.object({ idx: z.number().int(), minBet: money, netLoss: money, activeMembers: z.number().int(), rate: z.string(), reached: z.boolean(),
      /** Each threshold: met or the shortfall. */
      why: z.array(z.object({ rule: z.enum(['validBet', 'netLoss', 'activeMembers']), need: z.string(), have: z.string(), met: z.boolean() })) })),
    reachedIdx: z.number().int().nullable(),
    /** rate × max(GGR + carryIn, 0) at the reached tier. */
    estimate: money,
    /** The plan (revshare, cpa, hybrid) and its negative carry-over (off, on, monthly). */
    plan: z.enum(PLANS).optional(),
    negativeCarry: z.enum(NEGATIVE_CARRY).optional(),
    /** Negative net loss carried into the range from the last settlement before it (≤ 0), and left by the last one in it. */
    carryIn: money.optional(),
    carryOut: money.optional(),
  }).nullable(),
  /** CPA earned by the caller in the range: players qualified (each paid once), the sum, and the lines. */
  cpa: z.object({
    qualified: z.number().int(),
    amount: money,
    lines: z.array(z.object({ account: z.string(), ftdDay: day, firstDeposit: money, validBet: money, amount: money, status: z.enum(['pending', 'disbursed']), at: z.string() })),
  }).optional(),
});
export type StatementValue = z.infer<typeof statementValue>;

export const statement = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentStatement', module: M, auth: 'member',
  summary: "The revenue lines behind the caller's dividend over a range of brand days (at most 31): GGR per product with the operator's admin fee, bonuses and rebates, payment fees, NGR, active members, and the tier of its dividend contract reached and why.",
  query: dateRange,
  response: statementValue,
});

// ---- Marketing banners (issue 25 item 5) ---------------------------------------------------------

/**
 * The brand's marketing banners: art the operator uploaded (the console's banner image upload,
 * `operatorContent.uploadBannerImage`) or an https address, a size and the lobby page its link
 * opens. Agents get the enabled ones with their own code (the permanent affiliate link) to embed:
 * the agent centre builds the tracked link (`landingPath?referralCode=CODE&campaign=…&sub=…`) and
 * the HTML and Markdown snippets. `affiliate.banner.not.found` (404): no such banner of the brand.
 */
export const BANNER_MAX = 100;
/** Sizes the console offers (IAB units and a social card); any size 1…4000 px is accepted. */
export const BANNER_SIZES = [[728, 90], [300, 250], [336, 280], [160, 600], [300, 600], [320, 50], [468, 60], [970, 250], [1200, 628]] as const;
const px = z.number().int().min(1).max(4000);
/** An uploaded image's site path (/site/banners/…) or an https address. */
const imageUrl = z.string().trim().max(500).regex(/^(\/[A-Za-z0-9/_.-]+|https:\/\/[^\s"'<>]+)$/);
/** A lobby path: "/", "/promotions", "/rng?vassalage=…" (no scheme, no host). */
const landingPath = z.string().trim().max(200).regex(/^\/(?!\/)[A-Za-z0-9/_.~%=&?-]*$/);

export const banner = z.object({
  id: z.string(), name: z.string(), width: z.number().int(), height: z.number().int(), imageUrl: z.string(), landingPath: z.string(),
  enabled: z.boolean(), updatedAt: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const operatorBanners = endpoint({
  method: 'GET', path: '/wps/operator/affiliate/banners', module: MODULES.common, auth: 'none',
  summary: "Operator: the brand's marketing banners (enabled or not), newest first.",
  response: z.object({ list: z.array(banner) }),
});

export const operatorBannerSave = endpoint({
  method: 'POST', path: '/wps/operator/affiliate/banners/save', module: MODULES.common, auth: 'none',
  summary: 'Operator: creates a banner, or updates one (id); audited.',
  body: z.object({
    id: z.string().regex(/^\d{1,19}$/).optional(),
    name: z.string().trim().min(1).max(60), width: px, height: px, imageUrl, landingPath: landingPath.default('/'), enabled: z.boolean().default(true),
  }),
  response: banner,
});

export const operatorBannerDelete = endpoint({
  method: 'POST', path: '/wps/operator/affiliate/banners/delete', module: MODULES.common, auth: 'none',
  summary: 'Operator: deletes a banner; audited.',
  body: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
  response: z.object({ id: z.string() }),
});

export const agentBanners = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentBanners', module: M, auth: 'member',
  summary: "The brand's enabled banners for the calling agent, with its permanent affiliate code to embed.",
  response: z.object({ code: z.string(), list: z.array(banner.omit({ enabled: true, updatedAt: true })) }),
});
