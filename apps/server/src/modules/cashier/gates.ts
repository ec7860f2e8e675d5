/**
 * Gates other modules put in front of money (kyc: age, identity and address rules; risk: the
 * review of a withdrawal before it is paid). The cashier runs every registered gate before it
 * creates a deposit order or a withdrawal, and before it pays one; a gate refuses by throwing an
 * AppError. The cashier imports no gate's module: they register here (modules/kyc).
 */
import type { Db, Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';

export type MoneyGateAction =
  | { kind: 'deposit'; amount: bigint }
  | { kind: 'withdraw'; amount: bigint }
  | { kind: 'pay'; amount: bigint; withdrawNo: string };
export type MoneyGate = (db: Db | Tx, brand: Brand, memberId: bigint, action: MoneyGateAction, now: Date) => Promise<void>;

const gates = new Map<string, MoneyGate>();

/** Registers (or replaces) the gate of one name. */
export function registerMoneyGate(name: string, gate: MoneyGate): void {
  gates.set(name, gate);
}

export async function runMoneyGates(db: Db | Tx, brand: Brand, memberId: bigint, action: MoneyGateAction, now = new Date()): Promise<void> {
  for (const gate of gates.values()) await gate(db, brand, memberId, action, now);
}
