import { and, eq, inArray } from 'drizzle-orm';
import { hash, type Algorithm } from '@node-rs/argon2';
import type { Db } from '../index.ts';
import { members, merchants } from '../schema.ts';

/** Demo accounts of every brand (README, "Demo accounts"). Passwords are public demo values. */
export interface SeedAccount {
  username: string;
  password: string;
  type: number;
  parent?: string;
  referralCode: string;
  mobile?: string;
  email?: string;
  mustChangePassword?: boolean;
}

export const DEMO_ACCOUNTS: Record<string, SeedAccount[]> = {
  demo: [
    { username: 'player01', password: 'Player123', type: 0, parent: 'agent01', referralCode: 'PLAYER01', mobile: '+525512345678', email: 'player01@aurora-play.example' },
    { username: 'agent01', password: 'Agent123', type: 1, referralCode: 'AGENT01', mobile: '+525512345601', email: 'agent01@aurora-play.example' },
    { username: 'subagent01', password: 'Agent123', type: 2, parent: 'agent01', referralCode: 'SUBAGENT01' },
    { username: 'weak01', password: '123456', type: 0, parent: 'agent01', referralCode: 'WEAK01', mustChangePassword: true },
  ],
  luna: [
    { username: 'player01', password: 'Player123', type: 0, parent: 'agent01', referralCode: 'PLAYER01', mobile: '+12015550123', email: 'player01@luna-bet.example' },
    { username: 'agent01', password: 'Agent123', type: 1, referralCode: 'AGENT01', mobile: '+12015550101', email: 'agent01@luna-bet.example' },
    { username: 'subagent01', password: 'Agent123', type: 2, parent: 'agent01', referralCode: 'SUBAGENT01' },
    { username: 'weak01', password: '123456', type: 0, parent: 'agent01', referralCode: 'WEAK01', mustChangePassword: true },
  ],
};

// same cost as the login code (lib/passwords.ts); Argon2id = 2
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 65_536, timeCost: 2, parallelism: 1 };

/** Idempotent: adds the accounts a brand is missing, parents first; existing ones stay as they are. */
export async function seedAccounts(db: Db): Promise<void> {
  for (const [code, accounts] of Object.entries(DEMO_ACCOUNTS)) {
    const [brand] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    if (!brand) continue;
    const keys = accounts.map((a) => a.username.toLowerCase());
    const have = await db.select({ id: members.id, key: members.usernameKey }).from(members)
      .where(and(eq(members.merchantId, brand.id), inArray(members.usernameKey, keys)));
    const ids = new Map(have.map((r) => [r.key, r.id]));
    const ordered = [...accounts].sort((a, b) => Number(!!a.parent) - Number(!!b.parent));
    for (const a of ordered) {
      const key = a.username.toLowerCase();
      if (ids.has(key)) continue;
      const [row] = await db.insert(members).values({
        merchantId: brand.id, username: a.username, usernameKey: key, passwordHash: await hash(a.password, ARGON2),
        type: a.type, nickname: a.username, language: brand.config.defaultLanguage, mobile: a.mobile ?? null,
        email: a.email ?? null, referralCode: a.referralCode, parentId: a.parent ? ids.get(a.parent) ?? null : null,
        mustChangePassword: a.mustChangePassword ?? false,
      }).onConflictDoNothing().returning({ id: members.id });
      if (row) ids.set(key, row.id);
    }
  }
}
