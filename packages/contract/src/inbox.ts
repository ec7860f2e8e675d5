import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Inbox (messageV2, §2 member centre, wire reference "Inbox", issue 7 item 5): messages from the
 * operator and from the upline; unread count; read; delete; send to the upline or to support.
 * An agent sends to one member of its team (direct or any depth), to its direct downlines or
 * to its whole team. Content is plain text (clients show it as text, never as HTML).
 *
 * A member sees only the messages delivered to them; reading or deleting someone else's
 * message answers `inbox.message.not.found` (the same answer as an unknown id).
 *
 * Realtime: on a new message the server emits {@link SOCKET_EVENT} `{messageId}` to the
 * recipient's open pages (the balance socket of wallet.SOCKET_PATH); clients read the unread
 * count again.
 *
 * Failures: request_param_err, customer.not.login, in_need_true_account (trial accounts),
 * function.not.available (INBOX3 off), `inbox.message.not.found` (404), `inbox.upline.none`
 * (400), `login.non.agent` (403), `wallet.downline.invalid` (403) a member outside the agent's
 * team, `inbox.team.empty` (400), `cashier.operator.unauthorized` (operator calls).
 */

export const SOCKET_EVENT = 'inbox';
export const PAGE_SIZE = 10;
export const TITLE_MAX = 100;
export const CONTENT_MAX = 2000;

export const SENDER_KINDS = ['operator', 'upline', 'member'] as const;

export const message = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** operator (the site), upline (the member's agent) or member (a downline writing to its agent). */
  senderKind: z.enum(SENDER_KINDS),
  /** The sender's nickname or account; '' for the operator. */
  senderName: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof message>;

export const listValue = z.object({
  list: z.array(message),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  unread: z.number().int(),
});
export type ListValue = z.infer<typeof listValue>;

const ids = z.array(z.string().regex(/^\d{1,18}$/)).min(1).max(100);
const text = (max: number) => z.string().trim().min(1).max(max);

export const listMessages = endpoint({
  method: 'GET', path: '/wps/relay/EMFE_messageList', module: MODULES.inbox, auth: 'member',
  summary: 'The member\'s messages, newest first, 10 a page, with the unread count.',
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    unreadOnly: z.enum(['true', 'false']).optional(),
  }),
  response: listValue,
});

export const unreadCount = endpoint({
  method: 'GET', path: '/wps/relay/EMFE_unreadCount', module: MODULES.inbox, auth: 'member',
  summary: 'How many of the member\'s messages are unread (the badge).',
  response: z.object({ count: z.number().int() }),
});

export const readMessages = endpoint({
  method: 'POST', path: '/wps/relay/EMFE_readMessage', module: MODULES.inbox, auth: 'member',
  summary: 'Mark own messages read (`all` marks every one). Answers the unread count.',
  body: z.union([z.object({ ids }), z.object({ all: z.literal(true) })]),
  response: z.object({ count: z.number().int() }),
});

export const deleteMessages = endpoint({
  method: 'POST', path: '/wps/relay/EMFE_deleteMessage', module: MODULES.inbox, auth: 'member',
  summary: 'Delete own messages. Answers the unread count.',
  body: z.object({ ids }),
  response: z.object({ count: z.number().int() }),
});

export const sendMessage = endpoint({
  method: 'POST', path: '/wps/relay/EMFE_sendMessage', module: MODULES.inbox, auth: 'member',
  summary: 'Write to the upline (the member\'s agent) or to support (the operator).',
  body: z.object({ to: z.enum(['upline', 'support']), title: text(TITLE_MAX), content: text(CONTENT_MAX) }),
  response: z.object({ id: z.string() }),
});

export const agentSend = endpoint({
  method: 'POST', path: '/wps/relay/EMFE_agentSendMessage', module: MODULES.inbox, auth: 'member',
  summary: 'Agent: write to one member of the team (`member` + memberId), the direct downlines or the whole team.',
  body: z.object({
    scope: z.enum(['member', 'direct', 'team']),
    memberId: z.string().regex(/^\d{1,18}$/).optional(),
    title: text(TITLE_MAX),
    content: text(CONTENT_MAX),
  }).refine((b) => (b.scope === 'member') === !!b.memberId, { message: 'memberId only with scope member', path: ['memberId'] }),
  response: z.object({ id: z.string(), recipients: z.number().int() }),
});

// ---- Operator API --------------------------------------------------------------------------

export const operatorSend = endpoint({
  method: 'POST', path: '/wps/operator/inbox/send', module: MODULES.common, auth: 'none',
  summary: 'Operator: message one member (username) or every real member of the brand (no username).',
  body: z.object({ username: z.string().trim().min(1).max(64).optional(), title: text(TITLE_MAX), content: text(CONTENT_MAX) }),
  response: z.object({ id: z.string(), recipients: z.number().int() }),
});

export const supportMessage = message.omit({ read: true }).extend({ fromAccount: z.string(), read: z.boolean() });
export const operatorSupport = endpoint({
  method: 'GET', path: '/wps/operator/inbox/support', module: MODULES.common, auth: 'none',
  summary: 'Operator: messages members wrote to support, newest first, 10 a page.',
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  response: z.object({ list: z.array(supportMessage), page: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
