import type { FastifyInstance } from 'fastify';

/** The lottery endpoints (being written). */
export async function lotteryRoutes(_app: FastifyInstance) {}
