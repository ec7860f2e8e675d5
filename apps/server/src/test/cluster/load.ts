/**
 * A money load for the fault test: each player loops wallet transfers (main → a game wallet and
 * back, a new requestId each) against instance A (even players) or B (odd ones), while `events`
 * kill, restart or stop instances. An operation is acknowledged when the instance answered
 * success; anything else (refused connection, reset, 503 while closing) is not.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Instance } from './instances.ts';

export interface Acked {
  index: number;
  memberId: bigint;
  requestId: string;
  token: string;
  body: { from: string; to: string; amount: string; requestId: string };
}

export interface LoadOptions {
  instances(): [Instance, Instance];
  players: { id: bigint; token: string }[];
  ms: number;
  events: { at: number; run(): Promise<void> }[];
}

export async function moneyLoad(o: LoadOptions) {
  const acked: Acked[] = [];
  const failedOn: Record<string, number> = { A: 0, B: 0 };
  const t0 = Date.now();
  const until = t0 + o.ms;
  const errors: unknown[] = [];
  const events = Promise.all(o.events.map((e) => new Promise<void>((resolve) => setTimeout(() => {
    e.run().then(resolve, (err: unknown) => { errors.push(err); resolve(); });
  }, e.at))));

  const loop = async (index: number) => {
    const p = o.players[index];
    // 3.00 is out in the game wallet (or may be, after a call whose outcome is unknown)
    let maybeOut = false;
    while (Date.now() < until) {
      const target = o.instances()[index % 2];
      const out: boolean = !maybeOut;
      const body: Acked['body'] = { from: out ? 'main' : 'game:RNG-AURORA', to: out ? 'game:RNG-AURORA' : 'main', amount: '3.00', requestId: randomUUID() };
      try {
        const res: Response = await fetch(`${target.url}/wps/relay/GCS_walletTransfer`, {
          method: 'POST',
          headers: { merchant: 'demo', authorization: p.token, 'content-type': 'application/json', 'x-forwarded-for': `10.${randomBytes(3).join('.')}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        const json = (await res.json()) as { success: boolean };
        if (res.status === 200 && json.success) {
          acked.push({ index, memberId: p.id, requestId: body.requestId, token: p.token, body });
          maybeOut = out;
        } else {
          failedOn[target.name]++;
          // 5xx: unknown outcome, try bringing the money back; 4xx: refused (e.g. nothing to bring back)
          maybeOut = res.status >= 500;
          if (res.status >= 500) await new Promise((r) => setTimeout(r, 50));
        }
      } catch {
        failedOn[target.name]++;
        maybeOut = true;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all([...o.players.keys()].map(loop));
  await events;
  if (errors.length) throw errors[0];
  return { acked, failedOn };
}
