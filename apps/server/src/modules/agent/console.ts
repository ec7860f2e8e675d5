/**
 * The console's calls on the agent tree (People page, member file): the downline tree of a member
 * and moving a member, or an agent with its whole team, under another agent (move.ts, the command
 * this module owns). Registered by the agent routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { operator } from '@lobby/contract';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import * as tree from './move.ts';

export async function agentConsoleRoutes(app: FastifyInstance) {
  route(app, operator.personTree, async (ctx) => (operatorOf(ctx.req), tree.tree(app.db, ctx.brand, ctx.query)));
  route(app, operator.movePerson, async (ctx) => tree.move(app.db, ctx.brand, operatorOf(ctx.req), ctx.req, ctx.body));
}
