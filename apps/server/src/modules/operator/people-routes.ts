/** Routes of the People page's downline tree and member moves (see people-move.ts). */
import type { FastifyInstance } from 'fastify';
import { operator } from '@lobby/contract';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import * as tree from '../agent/move.ts';

export async function peopleRoutes(app: FastifyInstance) {
  route(app, operator.personTree, async (ctx) => (operatorOf(ctx.req), tree.tree(app.db, ctx.brand, ctx.query)));
  route(app, operator.movePerson, async (ctx) => tree.move(app.db, ctx.brand, operatorOf(ctx.req), ctx.req, ctx.body));
}
