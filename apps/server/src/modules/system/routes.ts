import type { FastifyInstance } from 'fastify';
import { system } from '@lobby/contract';
import { RawJson, route } from '../../lib/route.ts';
import { systemConsoleRoutes } from './console.ts';
import { qrRoute } from './qr.ts';
import * as service from './service.ts';
import { requestContentLangOf } from '../../kernel/lang/index.ts';

export async function systemRoutes(app: FastifyInstance) {
  route(app, system.getStatus, async ({ brand, req }) => new RawJson(service.statusEnvelopeJson(brand, req.ip)));
  route(app, system.getWhitelabel, async ({ brand }) => brand.config.whitelabel);
  route(app, system.getRegisterSettings, async ({ brand }) => brand.config.register);
  route(app, system.getDomainRoute, async ({ brand }) => ({ mainDomain: brand.config.mainDomain, domainRoute: brand.config.domainRoute }));
  route(app, system.getHelpCenter, async ({ brand, req }) => service.helpCenter(brand, requestContentLangOf(req)));
  route(app, system.getCountries, async ({ brand, req }) => service.countries(brand, req.lang));
  await qrRoute(app);
  // the console's brand settings page (session with settings.manage)
  await systemConsoleRoutes(app);
}
