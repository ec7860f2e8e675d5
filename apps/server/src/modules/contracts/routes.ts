import type { FastifyInstance } from 'fastify';

/** The contracts endpoints (being written). */
export async function contractsRoutes(_app: FastifyInstance) {}
