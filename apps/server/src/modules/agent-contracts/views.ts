import type { contracts } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { affiliateSettingsOf } from '../agent/index.ts';
import * as q from './queries.ts';
import { cpaRuleOf, toContract } from './terms.ts';

/** Contracts as the caller sees them (`me` null: the platform), with their tiers and CPA terms. */
export async function viewsOf(db: Db | Tx, brand: Brand, rows: q.ContractRow[], me: bigint | null): Promise<contracts.Contract[]> {
  const ids = rows.map((r) => r.id);
  const [tiers, cpa, settings] = await Promise.all([q.tiersOf(db, ids), q.cpaOf(db, ids), affiliateSettingsOf(db as Db, brand.id)]);
  const rule = cpaRuleOf(settings.cpaRule);
  return rows.map((r) => toContract(r, tiers.filter((t) => t.contract_id === r.id), me, cpa.get(r.id), rule));
}
