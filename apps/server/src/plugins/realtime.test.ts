import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { wallet } from '@lobby/contract';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test/harness.ts';
import { addMember, api, fund, rid, tokenFor } from '../test/kits/wallet.ts';

const t = useTestApp();

async function origin() {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${addr.port}`;
}

function open(auth: object): Promise<Socket> {
  return origin().then((url) => new Promise((resolve, reject) => {
    const s = connect(url, { path: wallet.SOCKET_PATH, auth, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => { s.close(); reject(err); });
  }));
}

const nextBalance = (s: Socket) => new Promise<wallet.BalancePush>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('no balance push')), 5_000);
  s.once(wallet.SOCKET_EVENTS.balance, (v: wallet.BalancePush) => { clearTimeout(timer); resolve(v); });
});

describe('realtime balance push', () => {
  it('refuses sockets without a valid session of the brand', async () => {
    const token = await tokenFor(t, 'player01');
    await expect(open({})).rejects.toThrow('customer.not.login');
    await expect(open({ token: 'nope', merchant: 'demo' })).rejects.toThrow('customer.not.login');
    await expect(open({ token, merchant: 'luna' })).rejects.toThrow('customer.not.login');
    await expect(open({ token, merchant: 'nosuch' })).rejects.toThrow('customer.not.login');
  });

  it('pushes the new balance to every open page of the member after a transfer, and only to them', async () => {
    const m = await addMember(t, 'demo');
    await fund(t, m.username, 10_000n);
    const token = await tokenFor(t, m.username);
    const [a, b] = [await open({ token, merchant: 'demo' }), await open({ token: await tokenFor(t, m.username), merchant: 'demo' })];
    const other = await open({ token: await tokenFor(t, 'player01'), merchant: 'demo' });
    let leaked = false;
    other.on(wallet.SOCKET_EVENTS.balance, () => { leaked = true; });
    try {
      const pa = nextBalance(a);
      const pb = nextBalance(b);
      const r = await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', { from: 'main', to: 'game:RNG-AURORA', amount: '25', requestId: rid() });
      expect(r.statusCode).toBe(200);
      const push = await pa;
      expect(push).toEqual({ sumBalance: '100.00', balance: [
        { accountTypeId: 2, availBalance: '75.00', wallet: 'main', name: 'main' },
        { accountTypeId: 4, availBalance: '25.00', wallet: 'game:RNG-AURORA', name: 'RNG-AURORA' },
      ] });
      expect(await pb).toEqual(push);
      await new Promise((r2) => setTimeout(r2, 100));
      expect(leaked).toBe(false);
    } finally {
      [a, b, other].forEach((s) => s.close());
    }
  });

  it.skipIf(!process.env.REDIS_URL)('with Redis, a movement on another instance reaches the socket (redis adapter)', async () => {
    const second = await buildApp({ config: t.app.config, database: t.database, logger: false });
    const m = await addMember(t, 'demo');
    await fund(t, m.username, 5_000n);
    const token = await tokenFor(t, m.username);
    const s = await open({ token, merchant: 'demo' });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const p = nextBalance(s);
      const r = await second.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', headers: { merchant: 'demo', authorization: token },
        payload: { from: 'main', to: 'game:LIVE-EVO', amount: '5', requestId: rid() } });
      expect(r.statusCode).toBe(200);
      expect((await p).sumBalance).toBe('50.00');
    } finally {
      s.close();
      await second.close();
    }
  });
});
