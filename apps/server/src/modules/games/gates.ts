/**
 * Gates other modules put in front of real play (kyc: the age gate). The launch runs every
 * registered gate for a real-money launch; a gate refuses by throwing an AppError. Games imports
 * no gate's module: they register here (modules/kyc).
 */
import type { Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';

export type PlayGate = (db: Db, brand: Brand, memberId: bigint) => Promise<void>;

const gates = new Map<string, PlayGate>();

/** Registers (or replaces) the gate of one name. */
export function registerPlayGate(name: string, gate: PlayGate): void {
  gates.set(name, gate);
}

export async function runPlayGates(db: Db, brand: Brand, memberId: bigint): Promise<void> {
  for (const gate of gates.values()) await gate(db, brand, memberId);
}
