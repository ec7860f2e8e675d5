/** Business constants and limits of the specification, §9. */
export const LIMITS = {
  bannerAutoplayMs: 5000,
  bannerSpeedMs: 1000,
  bannerSpace: 20.3,
  announcementPageSize: 9,
  recentGamesPageSize: 20,
  categoryPageSize: 20,
  categoryRequestGapMs: 300,
  favouritesPageSize: 999,
  winnerBoardLimit: 20,
  throttleMs: 1000,
  smsSecondsPerExpiryMinute: 60,
  phoneVerificationRetryMinutes: 5,
  rememberMeMs: 86_400_000,
  defaultWeakPassword: '123456',
  swiperPerView: 6,
  swiperPerViewWide: 7,
  swiperWideBreakpoint: 1920,
  sideMenuPromotions: 6,
  winnerScrollStep: 0.5,
  winnerLimitMove: 12,
  footerVendorLogos: 15,
  realtimeSalaryMinutes: 5,
  scriptLoadTimeoutMs: 120_000,
  commentMaxChars: 140,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxCount: 3,
  imageTypes: ['image/png', 'image/jpeg'] as const,
  minimumAge: 18,
  datePresetsDays: [7, 30] as const,
  moneyDecimals: 2,
} as const;

/** System status codes (§4): maintenance wins over region restriction. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Game categories (§1, §2). */
export const GAME_TYPES = [
  'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Banner groups (§3). */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_forget'] as const;

/** Session-storage keys kept on logout (§4). */
export const STORAGE_KEYS = {
  token: 'token',
  merchant: 'merchantCode',
  lang: 'lang',
  hisLang: 'hisLang',
} as const;
