import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/** A node of the white-label module tree: `{modId, enabled, childrenNodes}` (wire reference). */
export interface ModuleNode {
  modId: string;
  enabled: boolean;
  childrenNodes: ModuleNode[];
}
export const moduleNode: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({ modId: z.string().min(1), enabled: z.boolean(), childrenNodes: z.array(moduleNode) }),
);

/**
 * Module ids. They are the feature switches of a brand and every call names one. A module
 * is on when it and all its ancestors are enabled.
 */
export const MODULES = {
  common: 'COMM3',
  session: 'LOGIN3',
  smsLogin: 'SMSLOGIN3',
  freePlay: 'FREEPLAY3',
  forcePasswordChange: 'FORCEPASS3',
  register: 'REG3',
  registerUsername: 'USERNAMEREG3',
  registerMobile: 'MOBILENUMREG3',
  registerMobileVerify: 'REGMOBVERF3',
  registerMobilePassword: 'MOBILENUMPASSREG3',
  password: 'PASS3',
  passwordByPhone: 'CHNGPASSVERIF3',
  passwordByMail: 'CHNGPASSMAIL3',
  member: 'MEMBER3',
  games: 'GAMELO3',
  wallet: 'WALLET3',
  deposit: 'DEPOSIT3',
  withdraw: 'WITHDRAW3',
  transfer: 'TRANSFER3',
  transferUpline: 'UPLINETRANS3',
  lottery: 'LOTT3',
  promotions: 'PROMO3',
  referral: 'REFERRAL3',
  missions: 'MISSION3',
  inbox: 'INBOX3',
  points: 'POINTS3',
  vip: 'VIP3',
  help: 'HELP3',
  feedback: 'FEEDBACK3',
  chat: 'CHAT3',
  redEnvelope: 'REDENV3',
  appDownload: 'APPDL3',
  agent: 'AGENT3',
  agentPolicy: 'AGENTPOLICY3',
  dividend: 'DIVIDEND3',
  dailySalary: 'DAILYSAL3',
  hourSalary: 'HOURSAL3',
  realtimeSalary: 'RTSALARY3',
} as const;
export type ModuleId = (typeof MODULES)[keyof typeof MODULES];

/** A registration field rule (§3, §5): a lone `*` pattern means any value. */
export const fieldRule = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type FieldRule = z.infer<typeof fieldRule>;

export const REGISTER_FIELDS = [
  'username', 'password', 'confirmPassword', 'payeeName', 'email', 'qqNum', 'mobileNum',
  'recommenderId', 'captcha', 'verificationCode', 'affiliateCode', 'paymentPassword', 'line',
  'whatsapp', 'facebook', 'wechat', 'idNumber', 'birthday',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const customerServiceEntry = z.object({
  csType: z.string(),
  title: z.string(),
  path: z.string(),
});
export const resourceEntry = z.object({ resourceType: z.string(), url: z.string() });

/** ES and EN (the console writes these), and any other translated language the demo seed adds (PT-BR, CN, …). */
const articleText = z.object({ ES: z.string(), EN: z.string() }).catchall(z.string());
export const helpArticle = z.object({
  term: z.string(),
  title: articleText,
  content: articleText,
});

const localText = z.object({ ES: z.string(), EN: z.string() });

/** A way to pay in, with its channels (amounts in minor units). */
export const depositChannel = z.object({
  code: z.string(),
  name: z.string(),
  min: z.number().int().positive(),
  max: z.number().int().positive(),
  /** Quick-pick amounts; empty = any amount between min and max. */
  fixedAmounts: z.array(z.number().int().positive()),
  /** Payment details shown with the order: bank, account name and number, wallet address… */
  payee: z.record(z.string(), z.string()),
});
export const depositMethod = z.object({
  code: z.string(),
  name: localText,
  kind: z.enum(['bank', 'ewallet', 'crypto', 'card']),
  channels: z.array(depositChannel).min(1),
});
/** A bonus a member may attach to a deposit; the bonus must be turned over before withdrawing. */
export const depositBonus = z.object({
  code: z.string(),
  name: localText,
  /** Percent of the deposit, in basis points (10000 = 100%). */
  bps: z.number().int().min(1).max(100_000),
  maxBonus: z.number().int().positive(),
  minDeposit: z.number().int().positive(),
  /** Valid bets required = (deposit + bonus) × this. */
  turnoverMultiple: z.number().int().min(0).max(100),
});

export const walletConfig = z.object({
  /** Single wallet (isSingle): games play from the main wallet, no transfers between game wallets. */
  singleWallet: z.boolean(),
  deposit: z.object({
    expiryMinutes: z.number().int().min(1),
    methods: z.array(depositMethod),
    bonuses: z.array(depositBonus),
  }),
  withdraw: z.object({
    allowed: z.boolean(),
    min: z.number().int().positive(),
    max: z.number().int().positive(),
    /** Fee in basis points of the amount plus a fixed part (minor units). */
    feeBps: z.number().int().min(0).max(10_000),
    feeFixed: z.number().int().min(0),
    dailyCount: z.number().int().min(1),
    kinds: z.array(z.enum(['bank', 'ewallet'])).min(1),
  }),
  /** A paid withdrawal the member does not confirm is taken as received after this many minutes. */
  autoReceiptMinutes: z.number().int().min(1),
  /** Play money given to a new trial account (minor units). */
  trialBalance: z.number().int().min(0),
});
export type WalletConfig = z.infer<typeof walletConfig>;

export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  singleWallet: true,
  deposit: { expiryMinutes: 30, methods: [], bonuses: [] },
  withdraw: { allowed: true, min: 10_000, max: 5_000_000, feeBps: 0, feeFixed: 0, dailyCount: 5, kinds: ['bank', 'ewallet'] },
  autoReceiptMinutes: 1440,
  trialBalance: 200_000,
};

/**
 * Referral income of a brand (issue 7 item 3; see referral.ts). Amounts in minor units; a zero
 * turns that part off. Set as `BrandConfig.referral`; brands without it use referral.DEFAULT_RULE.
 */
export const referralRule = z.object({
  firstDepositBps: z.number().int().min(0).max(10_000),
  firstDepositMax: z.number().int().min(0),
  thresholdAmount: z.number().int().min(0),
  thresholdReward: z.number().int().min(0),
});
export type ReferralRule = z.infer<typeof referralRule>;

/**
 * Lottery settings of a brand (§3 brand config: lotteryType Lott, prize modes LOTT, ZY, ELOTT,
 * SEA; issue 6). `prizeModes` are the modes the brand offers: a game offers those of its own that
 * are listed (a game left with none is not offered). Brands without it use DEFAULT_LOTTERY_CONFIG.
 */
export const lotteryConfig = z.object({
  lotteryType: z.enum(['Lott']),
  prizeModes: z.array(z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA'])).min(1),
  /**
   * Issue 21: the Vietnamese results feed of the brand (HTTP GET, JSON as documented in
   * lottery.ts vnResultsFeed); absent = results only through the console (four eyes).
   */
  resultsFeedUrl: z.string().url().max(500).optional(),
  /** Hours a VN issue waits for its official result after its draw time before it is void and refunded (default 24). */
  resultVoidHours: z.number().int().min(1).max(720).optional(),
});
export type LotteryConfig = z.infer<typeof lotteryConfig>;
export const DEFAULT_LOTTERY_CONFIG: LotteryConfig = { lotteryType: 'Lott', prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'] };

const languageCode = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);

/** Everything an operator sets for one brand (merchant code). Stored as JSON on the merchant. */
export const brandConfig = z.object({
  name: z.string(),
  logoText: z.string(),
  theme: z.object({ primary: z.string(), accent: z.string(), background: z.string() }),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  gmtOffsetMinutes: z.number().int().min(-720).max(840),
  defaultLanguage: languageCode,
  languages: z.array(languageCode).min(1),
  whitelabel: z.array(moduleNode),
  register: z.record(z.string(), fieldRule),
  customerService: z.array(customerServiceEntry),
  resources: z.array(resourceEntry),
  social: z.object({
    facebook: z.string().optional(),
    youtube: z.string().optional(),
    telegram: z.string().optional(),
    whatsapp: z.string().optional(),
    instagram: z.string().optional(),
  }),
  footerVendors: z.array(z.string()).max(15),
  supportHours: z.string(),
  mainDomain: z.string(),
  domainRoute: z.array(z.string()),
  analyticsId: z.string(),
  countries: z.array(z.string().length(2)),
  maintenance: z.object({ enabled: z.boolean(), message: z.string().optional() }),
  region: z.object({ mode: z.enum(['allow', 'block']), countries: z.array(z.string().length(2)) }),
  agentTypes: z.array(z.number().int()),
  trialType: z.number().int(),
  helpCenter: z.array(helpArticle),
  security: z.object({
    idleTimeoutMinutes: z.number().int().min(1),
    absoluteLifetimeHours: z.number().int().min(1),
    passwordExpiryDays: z.number().int().min(0),
    captchaOnLogin: z.boolean(),
    captchaAfterFailures: z.number().int().min(1),
    /**
     * The checks a login from an address new to the member may use: things the member has. `bank`
     * (the account holder's name) is still accepted in stored configs but ignored: a guessable fact
     * is not a second factor (issue 18, finding 5).
     */
    newIpVerification: z.array(z.enum(['sms', 'email', 'bank', 'otp'])),
    /**
     * A login from a new address by a member with none of those bound: `allow` (default) lets it in
     * (the security centre then asks it to bind a mobile or e-mail), `refuse` answers
     * login.verification.unavailable: it logs in from a device it used before (or asks support).
     */
    newIpWithoutContact: z.enum(['allow', 'refuse']).optional(),
    /**
     * Hours withdrawals and transfers out stay held after a login from a device new to the member
     * within MONEY_OUT_RULES.resetWindowDays of a password reset (agents' powers over members);
     * absent = MONEY_OUT_RULES.defaultHoldHours (24), 0 = no hold.
     */
    moneyOutHoldHours: z.number().int().min(0).max(720).optional(),
  }),
  wallet: walletConfig.default(DEFAULT_WALLET_CONFIG),
  /** Agent reports: a member is active on a day with valid bets at or above this (minor units; default 100 = 1.00). */
  activeMemberValidBet: z.number().int().min(0).optional(),
  /** Referral income rule (referral.ts); absent = referral.DEFAULT_RULE. */
  referral: referralRule.optional(),
  /** Points mall ratios (points.ts); absent = DEFAULT_POINTS_CONFIG. */
  points: z.lazy(() => pointsRatio).optional(),
  /** Lottery type and prize modes (lotteryConfig); absent = DEFAULT_LOTTERY_CONFIG. */
  lottery: lotteryConfig.optional(),
});
export type BrandConfig = z.infer<typeof brandConfig>;

/** Is this module on for a tree? A module is on when it and all its ancestors are enabled. */
export function enabledModules(tree: ModuleNode[]): Set<string> {
  const on = new Set<string>();
  const walk = (nodes: ModuleNode[]) => {
    for (const n of nodes) {
      if (!n.enabled) continue;
      on.add(n.modId);
      walk(n.childrenNodes);
    }
  };
  walk(tree);
  return on;
}

/** Points mall ratios of a brand (issue 7 item 6; see points.ts). */
export const pointsRatio = z.object({
  /** Minor units of valid bet that earn one point (10000 = 1 point per 100.00). */
  validBetPerPoint: z.number().int().min(1),
  /** Minor units of main balance one point converts to (10 = 0.10 a point). */
  convertValue: z.number().int().min(0),
  /** The fewest points one conversion may take. */
  convertMin: z.number().int().min(1),
});
