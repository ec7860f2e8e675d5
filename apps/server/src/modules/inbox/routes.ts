import type { FastifyInstance } from 'fastify';

/** The inbox endpoints (being written). */
export async function inboxRoutes(_app: FastifyInstance) {}
