import type { FastifyInstance } from 'fastify';
import { promotions } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as operator from './console.ts';
import { requestLangOf } from '../../kernel/lang/index.ts';
import * as service from './service.ts';


/** Promotions and the reward centre (§7 PROMOFE relays), the operator's review of applications and the console's promotions page. */
export async function promotionsRoutes(app: FastifyInstance) {
  // a badge count forgotten on one instance is forgotten on every instance
  const COUNT_CHANNEL = 'promotions.count.forget';
  await app.bus.subscribe(COUNT_CHANNEL, (key) => void service.dropCount(key));
  service.countBus.announce = (key) => {
    app.bus.publish(COUNT_CHANNEL, key).catch((err: unknown) => app.log.warn({ err }, 'promotion count invalidation not sent'));
  };
  route(app, promotions.listPromotions, async ({ brand, req, query }) =>
    service.list(app.db, brand, req.principal, query.type, requestLangOf(req, query)));
  route(app, promotions.getPromotion, async ({ brand, req, query }) =>
    service.detail(app.db, brand, req.principal, BigInt(query.id), requestLangOf(req, query)));
  route(app, promotions.rewardCenter, async ({ brand, req, query, principal }) =>
    service.rewardCenter(app.db, brand, principal, requestLangOf(req, query)));
  route(app, promotions.joinPromotion, async ({ brand, body, principal }) => service.join(app.db, brand, principal, BigInt(body.promotionId)));
  route(app, promotions.claimPromotion, async ({ brand, body, principal }) => service.claim(app, brand, principal, BigInt(body.promotionId)));
  route(app, promotions.claimList, async ({ brand, req, query, principal }) => service.claimList(app.db, brand, principal, requestLangOf(req, query)));

  route(app, promotions.operatorApplications, async ({ brand, req }) => {
    operatorOf(req);
    return service.applications(app.db, brand);
  });
  route(app, promotions.operatorCreate, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.view(await operator.create(app.db, brand, body), 'EN', null);
  });
  route(app, promotions.operatorSetEnabled, async ({ brand, req, body }) => {
    operatorOf(req);
    return operator.setEnabled(app.db, brand, BigInt(body.id), body.enabled);
  });
  route(app, promotions.operatorReview, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.review(app.db, brand, BigInt(body.claimId), body.approve);
  });
  // the console's promotions page (session with content.manage)
  await operator.promotionsConsoleRoutes(app);
}
