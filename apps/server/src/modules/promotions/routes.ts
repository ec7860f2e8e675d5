import type { FastifyInstance } from 'fastify';

/** The promotions endpoints (being written). */
export async function promotionsRoutes(_app: FastifyInstance) {}
