/**
 * Requests the server makes to itself (app.inject, e.g. the page's first data in
 * plugins/boot-page.ts) carry this per-process secret so the rate limits leave them alone.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const INTERNAL_HEADER = 'x-lobby-internal';
export const internalToken = randomBytes(16).toString('hex');

export const isInternalRequest = (req: FastifyRequest): boolean => req.headers[INTERNAL_HEADER] === internalToken;
