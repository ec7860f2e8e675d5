import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The demo cockfight derby (COCKFIGHT): timed fights, Meron / Wala / Draw, settlement through the seamless wallet with launch tokens. */
export const demoCockfightPlugin = fp(async (_app: FastifyInstance) => {
  // registers its category launcher (demo-vendor/launcher.ts registerCategoryLauncher) and routes
});
