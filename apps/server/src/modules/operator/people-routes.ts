/** Routes of the People page's downline tree and member moves (see people-move.ts). */
import type { FastifyInstance } from 'fastify';
import { operator } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import * as tree from './people-move.ts';
import { guard } from './routes.ts';

export async function peopleRoutes(app: FastifyInstance) {
  route(app, operator.personTree, async (ctx) => (guard(app, ctx.req, ctx.brand, 'people.view'), tree.tree(app.db, ctx.brand, ctx.query)));
  route(app, operator.movePerson, async (ctx) => tree.move(app.db, ctx.brand, guard(app, ctx.req, ctx.brand, 'people.manage'), ctx.req, ctx.body));
}
