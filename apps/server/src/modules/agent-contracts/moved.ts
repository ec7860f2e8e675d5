/**
 * A member moved under another agent (agent/move.ts, the console's People page): its contracts with
 * the old upline (offers and contracts in force; for a top agent also the platform's) end with
 * reason `moved`, and, as when such a contract is terminated, the moved agent's own offers and
 * contracts of a kind it no longer has a rate for end in turn (`upline_rate`, down its team). The
 * step runs inside the move's transaction; the contracts routes register it (routes.ts).
 */
import { sql } from 'drizzle-orm';
import type { contracts } from '@lobby/contract';
import { rowsOf, type Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { type MoveEnded, onMemberMoved } from '../agent/index.ts';
import { cascade } from './queries.ts';

/** Ends the contracts between `moved` and its old upline (or the platform), then the cascade of each kind it had in force. */
async function endContracts(tx: Tx, brand: Brand, moved: bigint, oldParent: bigint | null): Promise<MoveEnded> {
  const ended = rowsOf<{ id: string; kind: contracts.ContractKind; was: string }>(await tx.execute(sql`
    with hit as (
      select id, status from agent_contracts
       where merchant_id = ${brand.id} and downline_id = ${moved} and status in ('new', 'success')
         and (upline_id is null or upline_id = ${oldParent ?? -1n})
       for update)
    update agent_contracts c set status = 'termination', end_reason = 'moved', ended_by = null, ended_at = now()
      from hit where c.id = hit.id
    returning c.id::text as id, c.kind, hit.status as was`));
  let cascaded = 0;
  for (const kind of new Set(ended.filter((c) => c.was === 'success').map((c) => c.kind))) {
    cascaded += await cascade(tx, brand.id, moved, kind, 0n, 0n);
  }
  return { ids: ended.map((c) => c.id), cascaded };
}

/** Makes every move end the moved member's contracts with its old upline. */
export function endContractsOnMove(): void {
  onMemberMoved(endContracts);
}
