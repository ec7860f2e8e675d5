import type { FastifyInstance } from 'fastify';

/** The announcements endpoints (being written). */
export async function announcementsRoutes(_app: FastifyInstance) {}
