import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The demo sportsbook (SPORTS and ESPORTS): fixtures, markets, bet slip, settlement through the seamless wallet with launch tokens. */
export const demoSportsbookPlugin = fp(async (_app: FastifyInstance) => {
  // registers its category launcher (demo-vendor/launcher.ts registerCategoryLauncher) and routes
});
