import { z } from 'zod';
import { MODULES } from './brand.ts';
import { LIMITS } from './constants.ts';
import { endpoint } from './endpoint.ts';

/**
 * Feedback form (§2, §5, §7 `PUT /wps/feedback`) and activity comments on promotions (§5, §9).
 *
 * Feedback: a type, a content of at most {@link LIMITS.commentMaxChars} characters whose word
 * count lies within the brand's bounds ("between {0} and {1} words"; {@link DEFAULT_WORDS} when
 * the operator set none), and up to {@link LIMITS.imageMaxCount} png/jpg images of at most
 * {@link LIMITS.imageMaxBytes} bytes each, sent as base64. The server reads the type from the
 * first bytes (never the name), rewrites the file without metadata and serves it with `nosniff`.
 * The member lists their own feedback with the operator's replies; the operator answers with
 * the operator key.
 *
 * Activity comments: members write plain text of 1–140 characters on a promotion (rate limited);
 * everyone reads them, newest first, 10 a page. Clients render both as text, never as HTML.
 *
 * Failures: request_param_err, customer.not.login, in_need_true_account (trial accounts),
 * function.not.available (FEEDBACK3 / PROMO3 off), `feedback.words` (400), `feedback.too.long`
 * (400), `feedback.images.too.many` (400), `feedback.image.type` (400), `feedback.image.too.large`
 * (413), `feedback.image.invalid` (400), `feedback.not.found` (404), `feedback.replied` (409),
 * `comment.too.long` (400), `promotion.not.found` (404), `request.too.many` (429),
 * `cashier.operator.unauthorized` (operator calls).
 */

export const TYPES = ['suggestion', 'deposit', 'withdraw', 'game', 'account', 'other'] as const;
export type FeedbackType = (typeof TYPES)[number];

export const DEFAULT_WORDS = { min: 3, max: 30 } as const;
export const CONTENT_MAX_CHARS = LIMITS.commentMaxChars;
export const COMMENT_MAX_CHARS = LIMITS.commentMaxChars;
export const IMAGE_MAX_BYTES = LIMITS.imageMaxBytes;
export const IMAGE_MAX_COUNT = LIMITS.imageMaxCount;
export const PAGE_SIZE = 10;
export const REPLY_MAX = 2000;
/** Where an image is served: `${IMAGE_PATH}/<32 hex>.png|jpg`. */
export const IMAGE_PATH = '/wps/feedback/image';

/** Words as a reader counts them: runs of non-space; each CJK, kana or Thai character counts as one. */
export function countWords(text: string): number {
  const spaced = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0e00-\u0e7f]/gu, ' $& ');
  return spaced.split(/\s+/u).filter(Boolean).length;
}

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const id = z.string().regex(/^\d{1,18}$/);

export const settings = z.object({
  minWords: z.number().int(),
  maxWords: z.number().int(),
  maxChars: z.number().int(),
  maxImages: z.number().int(),
  maxImageBytes: z.number().int(),
  types: z.array(z.enum(TYPES)),
});
export type Settings = z.infer<typeof settings>;

export const getSettings = endpoint({
  method: 'GET', path: '/wps/feedback/settings', module: MODULES.feedback, auth: 'none',
  summary: 'The brand\'s feedback rules: word bounds, characters, image count and size, types.',
  response: settings,
});

export const submit = endpoint({
  method: 'PUT', path: '/wps/feedback', module: MODULES.feedback, auth: 'member',
  summary: 'Send feedback: type, content within the word bounds, up to 3 png/jpg images (base64) of ≤ 5 MB.',
  body: z.object({
    type: z.enum(TYPES),
    content: z.string().trim().min(1).max(2000),
    // counted by the service so that a fourth image gets its own clear error
    images: z.array(z.string().min(1)).max(10).default([]),
  }),
  response: z.object({ id: z.string() }),
});

export const item = z.object({
  id: z.string(),
  type: z.enum(TYPES),
  content: z.string(),
  images: z.array(z.string()),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Item = z.infer<typeof item>;

const pageOf = <T extends z.ZodType>(row: T) => z.object({
  list: z.array(row), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int(),
});

export const mine = endpoint({
  method: 'GET', path: '/wps/feedback', module: MODULES.feedback, auth: 'member',
  summary: 'My feedback, newest first, 10 a page, with the operator\'s replies.',
  query: z.object({ page }),
  response: pageOf(item),
});

// ---- Operator API --------------------------------------------------------------------------

export const operatorItem = item.extend({ account: z.string() });
export const operatorList = endpoint({
  method: 'GET', path: '/wps/operator/feedback', module: MODULES.common, auth: 'none',
  summary: 'Operator: feedback of the brand, newest first, 10 a page (`open=true`: not yet answered).',
  query: z.object({ page, open: z.enum(['true', 'false']).optional() }),
  response: pageOf(operatorItem),
});

export const operatorReply = endpoint({
  method: 'POST', path: '/wps/operator/feedback/reply', module: MODULES.common, auth: 'none',
  summary: 'Operator: answer one feedback (once).',
  body: z.object({ id, reply: z.string().trim().min(1).max(REPLY_MAX) }),
  response: z.object({ id: z.string(), repliedAt: z.string() }),
});

export const operatorSettings = endpoint({
  method: 'PUT', path: '/wps/operator/feedback/settings', module: MODULES.common, auth: 'none',
  summary: 'Operator: set the brand\'s feedback word bounds.',
  body: z.object({ minWords: z.number().int().min(0).max(500), maxWords: z.number().int().min(1).max(500) })
    .refine((b) => b.minWords <= b.maxWords, { message: 'minWords must not exceed maxWords', path: ['minWords'] }),
  response: settings,
});

// ---- Activity comments ---------------------------------------------------------------------

export const comment = z.object({
  id: z.string(),
  /** The writer's nickname, or the account masked (ab***yz). */
  author: z.string(),
  content: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type Comment = z.infer<typeof comment>;

export const listComments = endpoint({
  method: 'GET', path: '/wps/relay/PROMOFE_commentList', module: MODULES.promotions, auth: 'optional',
  summary: 'Comments on a promotion, newest first, 10 a page.',
  query: z.object({ promotionId: id, page }),
  response: pageOf(comment),
});

export const addComment = endpoint({
  method: 'POST', path: '/wps/relay/PROMOFE_addComment', module: MODULES.promotions, auth: 'member',
  summary: 'Comment on a promotion: plain text, 1–140 characters.',
  body: z.object({ promotionId: id, content: z.string().trim().min(1).max(1000) }),
  response: comment,
});
