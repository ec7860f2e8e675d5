import { z } from 'zod';
import { MODULES } from './brand.ts';
import { BANNER_GROUPS } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { announcementInput, ANNOUNCEMENT_TYPES, operatorAnnouncement } from './announcements.ts';
import { promotion, promotionInput } from './promotions.ts';

/**
 * Operator console, Content page (issue 9 item 3): banners by group and announcements (one
 * table, see announcements.ts), promotions with their rules, and the help-centre articles of
 * the brand config. Every call needs `content.manage` (console session or the service key) and
 * is written to the audit log with before/after. Operator HTML is sanitised on save (scripts,
 * event handlers, styles, frames and javascript:/data: links removed) and again by every client
 * at render. A change is served at once: the announcement cache is dropped on every instance,
 * a help change reloads the brands on every instance.
 *
 * The older calls stay: /wps/operator/promotions/{applications,review,enabled} (audited too).
 *
 * Failures: request_param_err, `operator.not.session`, `operator.forbidden`,
 * `announcement.not.found`, `promotion.not.found`, `promotion.rule.invalid`,
 * `content.order.invalid`, `content.help.not.found`, `content.help.exists`,
 * `content.image.type`, `content.image.too.large`, `content.image.invalid`.
 */

const id = z.string().regex(/^\d{1,18}$/);

export const contentAnnouncement = operatorAnnouncement.extend({
  /** Published: served to players (within its window and audience). */
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type ContentAnnouncement = z.infer<typeof contentAnnouncement>;

export const listAnnouncements = endpoint({
  method: 'GET', path: '/wps/ops/content/announcements', module: MODULES.common, auth: 'none',
  summary: 'Console: every banner and announcement of the brand (published or not), in display order.',
  query: z.object({ type: z.enum(ANNOUNCEMENT_TYPES).optional() }),
  response: z.object({ list: z.array(contentAnnouncement) }),
});

export const saveAnnouncement = endpoint({
  method: 'POST', path: '/wps/ops/content/announcements/save', module: MODULES.common, auth: 'none',
  summary: 'Console: create (no id) or replace an announcement or banner; its HTML is sanitised. Served at once.',
  body: z.object({ id: id.optional(), announcement: announcementInput, enabled: z.boolean().default(true) }),
  response: contentAnnouncement,
});

export const setAnnouncementEnabled = endpoint({
  method: 'POST', path: '/wps/ops/content/announcements/enabled', module: MODULES.common, auth: 'none',
  summary: 'Console: publish or unpublish an announcement or banner.',
  body: z.object({ id, enabled: z.boolean() }),
  response: contentAnnouncement,
});

export const deleteAnnouncement = endpoint({
  method: 'POST', path: '/wps/ops/content/announcements/delete', module: MODULES.common, auth: 'none',
  summary: 'Console: remove an announcement or banner.',
  body: z.object({ id }),
  response: z.object({ id: z.string() }),
});

export const orderBanners = endpoint({
  method: 'POST', path: '/wps/ops/content/banners/order', module: MODULES.common, auth: 'none',
  summary: 'Console: the display order of a banner group (every banner of the group, first shown first).',
  body: z.object({ groupName: z.enum(BANNER_GROUPS), ids: z.array(id).min(1).max(200) }),
  response: z.object({ list: z.array(contentAnnouncement) }),
});

/** Largest banner image accepted (bytes, before base64). */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_IMAGE_PATH = '/wps/announcements/art/upload';

export const uploadBannerImage = endpoint({
  method: 'POST', path: '/wps/ops/content/banners/image', module: MODULES.common, auth: 'none',
  summary: 'Console: store a png or jpg (base64, ≤ 5 MB) as banner art; answers its site path for the banner images field.',
  body: z.object({ image: z.string().min(8).max(7_200_000) }),
  response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});

// ---- promotions -------------------------------------------------------------------------------

const texts = z.object({ ES: z.string().optional(), EN: z.string().optional() });

export const contentPromotion = promotion.omit({ mine: true, title: true, summary: true }).extend({
  title: texts,
  summary: texts,
  content: texts,
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Applications waiting for review. */
  pending: z.number().int(),
});
export type ContentPromotion = z.infer<typeof contentPromotion>;

export const listPromotions = endpoint({
  method: 'GET', path: '/wps/ops/content/promotions', module: MODULES.common, auth: 'none',
  summary: 'Console: every promotion of the brand with its rule (major units) and texts per language.',
  response: z.object({ list: z.array(contentPromotion) }),
});

export const savePromotion = endpoint({
  method: 'POST', path: '/wps/ops/content/promotions/save', module: MODULES.common, auth: 'none',
  summary: 'Console: create (no id) or replace a promotion and its rule (checked against its kind); its HTML is sanitised.',
  body: z.object({ id: id.optional(), promotion: promotionInput }),
  response: contentPromotion,
});

// ---- help centre ------------------------------------------------------------------------------

export const HELP_TERM = /^[a-z0-9][a-z0-9-]{0,39}$/;
const local = (max: number) => z.object({ ES: z.string().trim().min(1).max(max), EN: z.string().trim().min(1).max(max) });

export const helpArticle = z.object({
  term: z.string().regex(HELP_TERM, 'lowercase letters, digits and dashes'),
  title: local(120),
  content: local(40_000),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const listHelp = endpoint({
  method: 'GET', path: '/wps/ops/content/help', module: MODULES.common, auth: 'none',
  summary: 'Console: the help-centre articles of the brand, in their order.',
  response: z.object({ list: z.array(helpArticle) }),
});

export const saveHelp = endpoint({
  method: 'POST', path: '/wps/ops/content/help/save', module: MODULES.common, auth: 'none',
  summary: 'Console: add an article (no `previousTerm`, added last) or replace one (renaming it when the term changes).',
  body: z.object({ previousTerm: z.string().regex(HELP_TERM).optional(), article: helpArticle }),
  response: z.object({ list: z.array(helpArticle) }),
});

export const deleteHelp = endpoint({
  method: 'POST', path: '/wps/ops/content/help/delete', module: MODULES.common, auth: 'none',
  summary: 'Console: remove a help-centre article.',
  body: z.object({ term: z.string().regex(HELP_TERM) }),
  response: z.object({ list: z.array(helpArticle) }),
});
