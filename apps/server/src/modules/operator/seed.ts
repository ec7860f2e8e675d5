/** Demo operators (demo only; README "Operator console"): an owner and a finance operator. */
import type { Db } from '../../db/index.ts';
import { operators } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

export const DEMO_OPERATORS = [
  { username: 'owner', password: 'Owner-Demo-2026!', role: 'owner', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
  { username: 'finance', password: 'Finance-Demo-2026!', role: 'finance', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' },
] as const;

export async function seedOperators(db: Db, print = process.env.NODE_ENV !== 'test'): Promise<void> {
  for (const o of DEMO_OPERATORS) {
    const [row] = await db.insert(operators).values({ username: o.username, usernameKey: o.username, passwordHash: await hashPassword(o.password),
      role: o.role, brands: null, totpSecret: o.totpSecret, totpEnrolledAt: new Date() }).onConflictDoNothing().returning({ id: operators.id });
    if (row && print) console.log(`operator console (demo only): ${o.username} / ${o.password}, TOTP secret ${o.totpSecret}`);
  }
}
