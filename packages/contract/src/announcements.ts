import { z } from 'zod';
import { MODULES } from './brand.ts';
import { BANNER_GROUPS, LIMITS } from './constants.ts';
import { endpoint } from './endpoint.ts';

/**
 * Announcements (§2 popups, §3 banner and announcement, §4 popup rules, §7
 * `MCSFE_getListAnnouncements`, issue 7 item 1).
 *
 * Types: `B` banners (by group: w_home, w_leftmenu, w_login, w_forget), `PL` player notices
 * (the home marquee and the notice popup), `PU` the announcement popup, `PR` promotion
 * announcements (listed in the popup too, with their promotionType), `H` agent announcements
 * (the agent centre's announcement page; agents only).
 *
 * Audience (`execution`): none = everyone; `A` logged-in users; `B` visitors; `F` a member's
 * first login (the session is the member's first one). A logged-in user on a first login sees
 * A and F items; later logins A; visitors B. Trial accounts count as logged in.
 *
 * Items are served in the request's text language (`language` query, else the `Language`
 * header; ES, everything else EN): an item with a language is shown only in that language,
 * one without in all. Items outside their [startsAt, endsAt) window are not served.
 *
 * `content` is operator HTML: clients MUST sanitise it (DOMPurify) before rendering. Links are
 * checked on write: a site path (`/promotions`) or an http(s) URL, nothing else.
 *
 * Failures: request_param_err; the operator calls `cashier.operator.unauthorized` (401) and
 * `announcement.not.found` (404).
 */

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const EXECUTIONS = ['A', 'B', 'F'] as const;
export type Execution = (typeof EXECUTIONS)[number];
export type BannerGroup = (typeof BANNER_GROUPS)[number];
export const LINKAGE_TYPES = ['none', 'internal', 'external'] as const;
/** Promotion types of §3 (a PU/PR item with one shows the go-to-promotion button). */
export const PROMOTION_TYPES = [
  'all', 'sports', 'live', 'slots', 'cards', 'fish', 'lotto', 'rebate', 'pointsMall', 'ranking', 'deposit', 'appDownload', 'newbie',
] as const;
/** The popup lists titles 9 a page (§9). */
export const PAGE_SIZE = LIMITS.announcementPageSize;
/** Session-storage keys: the popup was closed this session (§4), per user kind. */
export const POPUP_SEEN_KEYS = { user: 'USER_POPUP', anonymous: 'ANONYMOUS_POPUP' } as const;

export const banner = z.object({
  id: z.string(),
  title: z.string(),
  /** Where a click leads ('' = nowhere). */
  url: z.string(),
  linkageType: z.enum(LINKAGE_TYPES),
  groupName: z.enum(BANNER_GROUPS),
  /** Banner art (a site path or URL). */
  images: z.string(),
  /** Short operator HTML over the art (sanitise before rendering). */
  content: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const notice = z.object({
  id: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** Operator HTML: sanitise before rendering. */
  content: z.string(),
  promotionType: z.enum(PROMOTION_TYPES).nullable(),
  execution: z.enum(EXECUTIONS).nullable(),
  images: z.string(),
  /** When it starts to show (or was published), ISO. */
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const listValue = z.object({
  banners: z.array(banner),
  /** Player notices (PL): marquee and notice popup. */
  player: z.array(notice),
  /** Popup items (PU), then promotion announcements (PR) are in `promotion`. */
  popup: z.array(notice),
  promotion: z.array(notice),
  /** Agent announcements (H): only for agents. */
  agent: z.array(notice),
  /** The viewer kind the popup is remembered by (USER_POPUP / ANONYMOUS_POPUP). */
  userKind: z.enum(['user', 'anonymous']),
  firstLogin: z.boolean(),
});
export type ListValue = z.infer<typeof listValue>;

const typeList = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim().toUpperCase()).filter(Boolean);
    for (const p of parts) {
      if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(p)) {
        ctx.addIssue({ code: 'custom', message: `unknown type ${p}` });
        return z.NEVER;
      }
    }
    return parts as AnnouncementType[];
  });

export const listAnnouncements = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', module: MODULES.common, auth: 'optional',
  summary: 'Banners, player notices, popup and promotion announcements (and agent ones for agents) for the caller.',
  query: z.object({
    /** Comma list of B, PL, PU, PR, H (default all). */
    types: typeList.optional(),
    platform: z.literal('W').optional(),
    /** Banners of one group only. */
    groupName: z.enum(BANNER_GROUPS).optional(),
    language: z.string().max(8).optional(),
  }),
  response: listValue,
});

// ---- Operator API (X-Operator-Key, like the cashier operator calls) ------------------------

const link = z.string().trim().max(500).refine((u) => u === '' || /^\/(?!\/)[^\s]*$/.test(u) || /^https?:\/\/[^\s]+$/i.test(u), 'a site path or an http(s) URL');
const isoTime = z.iso.datetime({ offset: true }).nullable().optional();

export const announcementInput = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES),
  groupName: z.enum(BANNER_GROUPS).nullable().optional(),
  execution: z.enum(EXECUTIONS).nullable().optional(),
  language: z.enum(['ES', 'EN']).nullable().optional(),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(20_000).default(''),
  url: link.default(''),
  linkageType: z.enum(LINKAGE_TYPES).default('none'),
  images: link.default(''),
  promotionType: z.enum(PROMOTION_TYPES).nullable().optional(),
  sort: z.number().int().min(-1000).max(1000).default(0),
  startsAt: isoTime,
  endsAt: isoTime,
}).refine((a) => (a.type === 'B') === !!a.groupName, { message: 'banners (B) need a groupName, other types none', path: ['groupName'] })
  .refine((a) => !a.startsAt || !a.endsAt || Date.parse(a.startsAt) < Date.parse(a.endsAt), { message: 'startsAt must be before endsAt', path: ['endsAt'] });
export type AnnouncementInput = z.input<typeof announcementInput>;

export const operatorAnnouncement = z.object({
  id: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  groupName: z.enum(BANNER_GROUPS).nullable(),
  execution: z.enum(EXECUTIONS).nullable(),
  language: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  url: z.string(),
  linkageType: z.enum(LINKAGE_TYPES),
  images: z.string(),
  promotionType: z.enum(PROMOTION_TYPES).nullable(),
  sort: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type OperatorAnnouncement = z.infer<typeof operatorAnnouncement>;

export const operatorList = endpoint({
  method: 'GET', path: '/wps/operator/announcements', module: MODULES.common, auth: 'none',
  summary: 'Operator: every announcement of the brand (any window, any audience).',
  query: z.object({ type: z.enum(ANNOUNCEMENT_TYPES).optional() }),
  response: z.object({ list: z.array(operatorAnnouncement) }),
});
export const operatorCreate = endpoint({
  method: 'POST', path: '/wps/operator/announcements/create', module: MODULES.common, auth: 'none',
  summary: 'Operator: publish an announcement (served at once: the brand cache is invalidated).',
  body: announcementInput,
  response: operatorAnnouncement,
});
export const operatorUpdate = endpoint({
  method: 'POST', path: '/wps/operator/announcements/update', module: MODULES.common, auth: 'none',
  summary: 'Operator: replace an announcement.',
  body: z.object({ id: z.string().regex(/^\d{1,18}$/), announcement: announcementInput }),
  response: operatorAnnouncement,
});
export const operatorDelete = endpoint({
  method: 'POST', path: '/wps/operator/announcements/delete', module: MODULES.common, auth: 'none',
  summary: 'Operator: remove an announcement.',
  body: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({ id: z.string() }),
});
