/** Writing the append-only audit log: every operator action and every money or permission change. */
import type { Db, Tx } from '../../db/index.ts';
import { operatorAudit } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Actor } from './actor.ts';

/** JSON-safe copy: bigints become strings, dates ISO strings. */
export function plain(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
}

export interface AuditEntry {
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
}

export async function record(db: Db | Tx, actor: Pick<Actor, 'operatorId' | 'name'>, brand: Brand | null, ip: string, e: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values({
    operatorId: actor.operatorId, operatorName: actor.name, merchantId: brand?.id ?? null, action: e.action,
    target: e.target ?? '', before: e.before === undefined ? null : plain(e.before), after: e.after === undefined ? null : plain(e.after), ip,
  });
}
