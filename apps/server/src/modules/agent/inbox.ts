/** The agent's message to its downlines (inbox.agentSend): to one member of its subtree, its direct downlines or its team. */
import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { deliverMessage, type Audience } from '../inbox/index.ts';
import { downlineOf } from './service.ts';

export async function agentSend(app: FastifyInstance, brand: Brand, p: Principal, body: { scope: 'member' | 'direct' | 'team'; memberId?: string; title: string; content: string }) {
  const agentId = requireAgent(p).member.id;
  const to: Audience = body.scope === 'member'
    ? { kind: 'member', id: (await downlineOf(app.db, brand, p, body.memberId!)).id }
    : { kind: body.scope, agentId };
  return deliverMessage(app, brand, { senderKind: 'upline', senderId: agentId, title: body.title, content: body.content }, to);
}
