/** The click report of a tracked visit (lib/attribution.ts loads it only when the address carries a code). */
import { affiliate } from '@lobby/contract';
import { call } from '@/lib/api';

export async function recordClick(body: { code: string; campaign?: string; sub?: string; landing: string }): Promise<string | null> {
  return (await call(affiliate.click, { body })).clickId;
}
