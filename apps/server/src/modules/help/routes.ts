import type { FastifyInstance } from 'fastify';
import { helpConsoleRoutes } from './console.ts';

/** Help centre: the console's articles page (the public read is the brand config, modules/system). */
export async function helpRoutes(app: FastifyInstance) {
  // the console's help centre page (session with content.manage)
  await helpConsoleRoutes(app);
}
