/**
 * Group commit of bets and wins (issue 20 item 7). Calls that arrive while a batch is in the
 * database wait in a queue; the next batch takes them all (up to MAX_BATCH) in one statement,
 * seamless_batch (kernel/ledger/sql/seamless.sql): one round trip and one transaction for the
 * whole batch, each item in its own subtransaction so that a refusal, insufficient funds or any
 * error undoes that item alone. Each call gets back its own row (or its own error) exactly as
 * the single-call functions answer it: same SQL, same claims, same idempotency. A lone call
 * (nothing else waiting) still goes straight to seamless_bet / seamless_win.
 */
import type { Db } from '../../db/index.ts';
import { RETRYABLE_SQLSTATES } from '../../lib/pg-error.ts';

/** Below 64: more subtransactions than that in one transaction overflow PostgreSQL's per-backend cache (slow snapshots for every session). */
export const MAX_BATCH = 50;

/** Batches and items this process sent (read by tests and the bench). */
export const batchStats = { batches: 0, items: 0 };

/** The driver under drizzle: node-postgres' pool (named statements, prepared once per connection) or PGlite. */
interface RawClient { query(q: { name: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }> }

/** Runs a statement straight on the driver (no query building on the hot path). */
export function runStatement(db: Db, name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  const client = (db as unknown as { $client: RawClient & { totalCount?: number } }).$client;
  return client.totalCount !== undefined ? client.query({ name, text, values }) : client.query(text, values);
}

const SINGLE = {
  bet: 'select * from seamless_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
  win: 'select * from seamless_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
};
const BATCH = 'select * from seamless_batch($1::jsonb)';

/** What seamless_bet / seamless_win answer (a bet has no o_moved). */
export interface CallRow { o_fresh: unknown; o_kind: 'bet' | 'win' | 'rollback'; o_member: unknown; o_status: 'applied' | 'refused' | 'rolled_back' | 'rollback_unknown'; o_answer: Record<string, unknown> | null; o_moved?: unknown; o_fingerprint: string | null }

/** A database error of one item of a batch, shaped as the driver's (pgError reads code and message). */
class ItemError extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}

interface Item { kind: 'bet' | 'win'; args: unknown[]; order: bigint; resolve: (r: CallRow) => void; reject: (e: unknown) => void }

interface BatchRow { r_idx: unknown; r_fresh: unknown; r_kind: CallRow['o_kind']; r_member: unknown; r_status: CallRow['o_status']; r_answer: CallRow['o_answer']; r_moved: unknown; r_fingerprint: string | null; r_error: string | null; r_message: string | null }

async function single(db: Db, kind: 'bet' | 'win', args: unknown[]): Promise<CallRow> {
  return (await runStatement(db, `seamless_${kind}`, SINGLE[kind], args)).rows[0] as CallRow;
}

class Batcher {
  private queue: Item[] = [];
  private busy = false;
  private scheduled = false;

  constructor(private readonly db: Db) {}

  push(item: Item) {
    this.queue.push(item);
    this.kick();
  }

  private kick() {
    if (this.busy || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    // after the I/O callbacks of this turn: the calls that arrived together go together
    setImmediate(() => {
      this.scheduled = false;
      if (this.busy || this.queue.length === 0) return;
      this.busy = true;
      const items = this.queue.splice(0, MAX_BATCH);
      // a bug here must not leave calls waiting forever (nor reject unhandled): all still open fail
      this.run(items).catch((err: unknown) => { for (const i of items) i.reject(err); }).finally(() => {
        this.busy = false;
        this.kick();
      });
    });
  }

  private async alone(item: Item) {
    try {
      item.resolve(await single(this.db, item.kind, item.args));
    } catch (err) {
      item.reject(err);
    }
  }

  private async run(items: Item[]) {
    batchStats.batches++;
    batchStats.items += items.length;
    if (items.length === 1) return this.alone(items[0]);
    // the brand's house shards locked in one order by every batch (a round's bet and win share a shard, so keep their order)
    items.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    let rows: BatchRow[];
    try {
      rows = (await runStatement(this.db, 'seamless_batch', BATCH, [JSON.stringify(items.map((i) => ({ k: i.kind, a: i.args })))])).rows as BatchRow[];
    } catch {
      // the statement failed whole (nothing of it remains): each call alone, as without batching
      await Promise.all(items.map((i) => this.alone(i)));
      return;
    }
    const retry: Item[] = [];
    rows.forEach((r, n) => {
      const item = items[Number(r.r_idx) - 1] ?? items[n];
      if (r.r_error === null) {
        item.resolve({ o_fresh: r.r_fresh, o_kind: r.r_kind, o_member: r.r_member, o_status: r.r_status, o_answer: r.r_answer, o_moved: r.r_moved, o_fingerprint: r.r_fingerprint });
      } else if (RETRYABLE_SQLSTATES.has(r.r_error)) retry.push(item); // a deadlock with another transaction: this call alone, again
      else item.reject(new ItemError(r.r_error, r.r_message ?? ''));
    });
    if (rows.length !== items.length) for (const i of items.slice(rows.length)) retry.push(i);
    await Promise.all(retry.map((i) => this.alone(i)));
  }
}

const batchers = new WeakMap<object, Batcher>();
/** SEAMLESS_GROUP_COMMIT=off: every call alone (for comparing, bench/seamless.mjs --no-group-commit). */
const grouped = process.env.SEAMLESS_GROUP_COMMIT !== 'off';

/**
 * One bet or win (the arguments of seamless_bet / seamless_win), grouped with the calls that
 * come at the same time. `order`: the house account the call posts to (batches lock in its order).
 */
export function callGrouped(db: Db, kind: 'bet' | 'win', args: unknown[], order: bigint): Promise<CallRow> {
  const client = (db as unknown as { $client?: object }).$client;
  if (!client || !grouped) return single(db, kind, args);
  let b = batchers.get(client);
  if (!b) batchers.set(client, (b = new Batcher(db)));
  const batcher = b;
  return new Promise((resolve, reject) => batcher.push({ kind, args, order, resolve, reject }));
}
