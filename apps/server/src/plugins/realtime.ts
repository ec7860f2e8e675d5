import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { wallet } from '@lobby/contract';
import type { Brand } from './merchant.ts';
import { loadPrincipal, type Principal } from './session.ts';
import { memberRoom, sessionRoom, type WalletEvents } from '../kernel/live/index.ts';
import { balancePush } from '../modules/wallet/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io server on Fastify's HTTP server (path /socket.io). */
    io: Server;
    /** Pushes a member's new balance to their open pages; call after every posting. */
    walletEvents: WalletEvents;
  }
}

interface SocketData { brand: Brand; principal: Principal }

/**
 * Realtime pushes. Clients connect with `auth: {token, merchant}`; the session is checked the
 * way plugins/session.ts checks it for HTTP calls, and the socket joins its member's room.
 * With REDIS_URL the Redis adapter carries emits to sockets held by other instances.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io = new Server(app.server, { path: wallet.SOCKET_PATH, serveClient: false, transports: ['websocket', 'polling'] });
  const clients = app.redis ? [app.redis.duplicate(), app.redis.duplicate()] : [];
  if (clients.length) {
    for (const c of clients) c.on('error', (err) => app.log.warn({ err }, 'socket.io redis error'));
    io.adapter(createAdapter(clients[0], clients[1], { key: `${app.config.REDIS_PREFIX}socket.io` }));
    // The adapter subscribes without waiting; a PING queued behind those commands answers once
    // they are done, so an app closed right after start never quits under a pending subscribe
    // (whose 'Connection is closed' rejection nobody would catch).
    await Promise.all(clients.map((c) => c.ping()));
  }

  io.use(async (socket: Socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; merchant?: unknown };
      const brand = typeof auth.merchant === 'string' ? app.brands.byMerchantCode(auth.merchant.trim()) : undefined;
      if (!brand || typeof auth.token !== 'string' || !auth.token) return next(new Error('customer.not.login'));
      const fake = { headers: { authorization: auth.token }, brand } as unknown as FastifyRequest;
      const principal = await loadPrincipal(app.db, fake);
      if (!principal) return next(new Error('customer.not.login'));
      (socket.data as SocketData) = { brand, principal };
      next();
    } catch {
      next(new Error('customer.not.login'));
    }
  });
  io.on('connection', (socket) => {
    const { brand, principal } = socket.data as SocketData;
    void socket.join([memberRoom(brand.id, principal.member.id), sessionRoom(principal.sessionId)]);
  });

  app.decorate('io', io);
  // Once closing, late pushes (e.g. a coalesced balance push due after the last answer) are dropped:
  // the Redis adapter's clients are gone and an emit would reject unhandled.
  let closing = false;
  app.decorate('walletEvents', {
    async balanceChanged(brand: Brand, memberId: bigint) {
      if (closing) return;
      const push = await balancePush(app.db, brand, memberId);
      if (closing) return;
      io.to(memberRoom(brand.id, memberId)).emit(wallet.SOCKET_EVENTS.balance, push);
    },
  } satisfies WalletEvents);

  // Sockets hold connections open: drop them before the HTTP server waits for its connections.
  // Closing the transports (not disconnecting the sockets) lets each client see 'transport close'
  // and reconnect by itself, through the balancer, to another instance (graceful shutdown).
  app.addHook('preClose', async () => {
    closing = true;
    io.engine.close();
    await Promise.allSettled(clients.map((c) => c.quit()));
  });
});
