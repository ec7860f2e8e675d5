/**
 * Live pushes to members' open pages (the realtime plugin, plugins/realtime.ts, holds the sockets
 * and implements `app.walletEvents`). None of them ever fails the caller: without the plugin
 * (tests, jobs) they do nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../plugins/merchant.ts';
import { memberRoom, sessionRoom } from './rooms.ts';

/** Pushes a member's new balance to their open pages (the realtime plugin implements it). */
export interface WalletEvents {
  balanceChanged(brand: Brand, memberId: bigint): Promise<void>;
}

interface Io {
  to(room: string | string[]): { emit(event: string, payload: unknown): unknown };
  in(room: string | string[]): { disconnectSockets(close: boolean): unknown };
}
const ioOf = (app: FastifyInstance) => (app.hasDecorator('io') ? (app as unknown as { io: Io }).io : undefined);

/** Tell every member whose money moved; a failed push never fails the movement. */
export async function notifyBalances(events: WalletEvents | undefined, brand: Brand, ...memberIds: bigint[]) {
  if (!events) return;
  await Promise.allSettled([...new Set(memberIds)].map((id) => events.balanceChanged(brand, id)));
}

/** Tells the realtime layer (if loaded) that a member's balance changed; never fails the caller. */
export function balanceChanged(app: FastifyInstance, brand: Brand, memberId: bigint): void {
  const events = (app as unknown as { walletEvents?: WalletEvents }).walletEvents;
  try {
    void Promise.resolve(events?.balanceChanged(brand, memberId)).catch((err: unknown) => app.log.warn({ err }, 'balance push failed'));
  } catch (err) {
    app.log.warn({ err }, 'balance push failed');
  }
}

/**
 * Tells members' open pages of an event (inbox `{messageId}`, red envelopes, security notices);
 * the page reads what changed again. Never fails the caller.
 */
export function pushToMembers(app: FastifyInstance, merchantId: number, memberIds: bigint[], event: string, payload: unknown): void {
  const io = ioOf(app);
  if (!io || memberIds.length === 0) return;
  try {
    io.to(memberIds.map((id) => memberRoom(merchantId, id))).emit(event, payload);
  } catch (err) {
    app.log.warn({ err }, 'socket push failed');
  }
}

/**
 * Forced logout: disconnects the pages of these (revoked) sessions on every instance (the Redis
 * adapter carries it); the client sees reason 'io server disconnect' and does not reconnect
 * with that token. Never fails the caller.
 */
export function endSessionSockets(app: FastifyInstance, sessionIds: bigint[]): void {
  const io = ioOf(app);
  if (!io || sessionIds.length === 0) return;
  try {
    io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  } catch (err) {
    app.log.warn({ err }, 'socket disconnect failed');
  }
}
