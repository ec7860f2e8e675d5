import type { FastifyInstance } from 'fastify';
import { promotions } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { promotionsConsoleRoutes } from './console.ts';
import { requestContentLangOf } from '../../kernel/lang/index.ts';
import * as service from './service.ts';


/** Promotions and the reward centre (§7 PROMOFE relays); the operator's calls and the console's promotions page are in console.ts. */
export async function promotionsRoutes(app: FastifyInstance) {
  // a badge count forgotten on one instance is forgotten on every instance
  const COUNT_CHANNEL = 'promotions.count.forget';
  await app.bus.subscribe(COUNT_CHANNEL, (key) => void service.dropCount(key));
  service.countBus.announce = (key) => {
    app.bus.publish(COUNT_CHANNEL, key).catch((err: unknown) => app.log.warn({ err }, 'promotion count invalidation not sent'));
  };
  route(app, promotions.listPromotions, async ({ brand, req, query }) =>
    service.list(app.db, brand, req.principal, query.type, requestContentLangOf(req, query)));
  route(app, promotions.getPromotion, async ({ brand, req, query }) =>
    service.detail(app.db, brand, req.principal, BigInt(query.id), requestContentLangOf(req, query)));
  route(app, promotions.rewardCenter, async ({ brand, req, query, principal }) =>
    service.rewardCenter(app.db, brand, principal, requestContentLangOf(req, query)));
  route(app, promotions.joinPromotion, async ({ brand, body, principal }) => service.join(app.db, brand, principal, BigInt(body.promotionId)));
  route(app, promotions.claimPromotion, async ({ brand, body, principal }) => service.claim(app, brand, principal, BigInt(body.promotionId)));
  route(app, promotions.claimList, async ({ brand, req, query, principal }) => service.claimList(app.db, brand, principal, requestContentLangOf(req, query)));

  // the operator API's promotion calls and the console's promotions page (console.ts)
  await promotionsConsoleRoutes(app);
}
