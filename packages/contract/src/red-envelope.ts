import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Red envelopes (§1, §3 tickets, issue 7 item 9).
 *
 * - Agent envelopes: an agent sends `total` split into `count` shares (random or equal) to its
 *   direct downlines or its whole team. The total leaves the agent's main wallet at once (ledger
 *   kind `red_envelope_send`, into the agent's own `red_envelope` holding wallet).
 * - Promotion envelopes: the operator creates one (total, count, window) for every real member
 *   of the brand; shares are paid from the brand's bonus pool.
 * The shares are cut when the envelope is made, so the opened amounts never add up to more than
 * the total. A member opens an envelope once: a second open (or a race of two) answers the same
 * share and credits nothing more (ledger kind `red_envelope`, key `redenv:<id>:<memberId>`).
 * At expiry a job refunds an agent envelope's unopened remainder to the sender (kind
 * `red_envelope_refund`). Amounts on the wire are major-unit strings.
 *
 * Realtime: when an agent sends an envelope, {@link SOCKET_EVENT} `{envelopeId}` goes to the
 * members it is open to; promotion envelopes are found by the pages' polling of `available`.
 * Failures: request_param_err, wallet.amount.invalid, `redEnvelope.split.invalid` (fewer than
 * 0.01 a share, or too many shares), `redEnvelope.not.found` (404: unknown or not open to the
 * caller), `redEnvelope.expired`, `redEnvelope.not.started`, `redEnvelope.empty` (409),
 * wallet.insufficient.funds, login.non.agent, `inbox.team.empty`, `redEnvelope.window.invalid`,
 * cashier.operator.unauthorized.
 */

export const SOCKET_EVENT = 'redEnvelope';
export const PAGE_SIZE = 10;
export const MAX_COUNT = 500;
export const TITLE_MAX = 60;
export const KINDS = ['agent', 'promotion'] as const;
export const SPLITS = ['random', 'equal'] as const;
export const SCOPES = ['direct', 'team'] as const;
export const STATUSES = ['open', 'finished', 'expired'] as const;

const amount = z.union([z.string(), z.number()]);
const title = z.string().trim().max(TITLE_MAX).optional();

export const available = z.object({
  id: z.string(),
  kind: z.enum(KINDS),
  title: z.string(),
  /** The sending agent's nickname; '' for promotion envelopes. */
  senderName: z.string(),
  remaining: z.number().int(),
  count: z.number().int(),
  expiresAt: z.string(),
});
export type Available = z.infer<typeof available>;

export const listAvailable = endpoint({
  method: 'GET', path: '/wps/redEnvelope/available', module: MODULES.redEnvelope, auth: 'member',
  summary: 'Envelopes open to the member now that they have not opened yet (shares left, not expired).',
  response: z.object({ list: z.array(available) }),
});

export const open = endpoint({
  method: 'POST', path: '/wps/redEnvelope/open', module: MODULES.redEnvelope, auth: 'member',
  summary: 'Open an envelope: the member\'s share is credited once; opening again answers the same share.',
  body: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({ id: z.string(), amount: z.string(), title: z.string(), senderName: z.string(), alreadyOpened: z.boolean() }),
});

export const openedItem = z.object({ id: z.string(), kind: z.enum(KINDS), title: z.string(), senderName: z.string(), amount: z.string(), openedAt: z.string() });
const paged = <T extends z.ZodType>(item: T) => z.object({
  list: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int(),
});
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const history = endpoint({
  method: 'GET', path: '/wps/redEnvelope/history', module: MODULES.redEnvelope, auth: 'member',
  summary: 'Envelopes the member opened, newest first, 10 a page.',
  query: pageQuery,
  response: paged(openedItem),
});

export const envelope = z.object({
  id: z.string(),
  kind: z.enum(KINDS),
  title: z.string(),
  total: z.string(),
  count: z.number().int(),
  split: z.enum(SPLITS),
  scope: z.enum([...SCOPES, 'all']),
  openedCount: z.number().int(),
  openedAmount: z.string(),
  refunded: z.string(),
  status: z.enum(STATUSES),
  startsAt: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Envelope = z.infer<typeof envelope>;

export const send = endpoint({
  method: 'POST', path: '/wps/redEnvelope/send', module: MODULES.redEnvelope, auth: 'member',
  summary: 'Agent: send an envelope of `total` in `count` shares to the direct downlines or the whole team, paid from the main wallet.',
  body: z.object({
    total: amount,
    count: z.number().int().min(1).max(MAX_COUNT),
    split: z.enum(SPLITS),
    scope: z.enum(SCOPES),
    title,
    /** How long it stays open: 5 minutes to 7 days (default 1 day). */
    expiresInMinutes: z.number().int().min(5).max(10_080).default(1_440),
    /** Idempotency key: the same one answers the same envelope and moves no money again. */
    requestId: z.string().min(8).max(64),
  }),
  response: envelope,
});

export const sent = endpoint({
  method: 'GET', path: '/wps/redEnvelope/sent', module: MODULES.redEnvelope, auth: 'member',
  summary: 'Agent: the envelopes the agent sent, newest first, 10 a page.',
  query: pageQuery,
  response: paged(envelope),
});

export const operatorCreate = endpoint({
  method: 'POST', path: '/wps/operator/redEnvelope/create', module: MODULES.common, auth: 'none',
  summary: 'Operator: a promotion envelope for every real member: total, count, split and window.',
  body: z.object({
    total: amount,
    count: z.number().int().min(1).max(MAX_COUNT),
    split: z.enum(SPLITS).default('random'),
    title: z.string().trim().min(1).max(TITLE_MAX),
    startsAt: z.string().datetime({ offset: true }).optional(),
    endsAt: z.string().datetime({ offset: true }),
  }),
  response: envelope,
});
