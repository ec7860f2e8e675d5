/** The brand's KYC rules (kyc_settings; no row = the contract's defaults) and its webhook secret. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { kyc } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { kycSettings } from '../../db/schema.ts';
import { parseAmount } from '../../kernel/ledger/index.ts';
import { AppError } from '../../plugins/errors.ts';

export async function settingsOf(db: Db | Tx, merchantId: number): Promise<kyc.Settings> {
  const [row] = await db.select({ s: kycSettings.settings }).from(kycSettings).where(eq(kycSettings.merchantId, merchantId));
  if (!row) return kyc.DEFAULT_SETTINGS;
  // a row saved before a field existed takes the default of that field
  return { ...kyc.DEFAULT_SETTINGS, ...row.s, riskWeights: { ...kyc.DEFAULT_SETTINGS.riskWeights, ...row.s.riskWeights }, aml: { ...kyc.DEFAULT_SETTINGS.aml, ...row.s.aml } };
}

/** The brand's webhook secret, made on first use (the demo provider signs with it; a real provider is given it). */
export async function webhookSecretOf(db: Db | Tx, merchantId: number): Promise<string> {
  await db.insert(kycSettings).values({ merchantId, settings: kyc.DEFAULT_SETTINGS, webhookSecret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ s: kycSettings.webhookSecret }).from(kycSettings).where(eq(kycSettings.merchantId, merchantId));
  return row.s;
}

/** Minor units of a rule's amount, null = no rule. */
export const ruleAmount = (v: string | null): bigint | null => (v === null ? null : parseAmount(v));

export async function saveSettings(db: Db | Tx, merchantId: number, s: kyc.Settings): Promise<{ before: kyc.Settings; after: kyc.Settings }> {
  const amounts = [['withdrawIdentityAbove', s.withdrawIdentityAbove], ['depositAddressAbove', s.depositAddressAbove], ['aml.singleAbove', s.aml.singleAbove], ['aml.dailyAbove', s.aml.dailyAbove]] as const;
  for (const [field, v] of amounts) {
    try {
      ruleAmount(v);
    } catch {
      throw new AppError('settings.amount.invalid', { field });
    }
  }
  const before = await settingsOf(db, merchantId);
  await webhookSecretOf(db, merchantId);
  await db.update(kycSettings).set({ settings: s, updatedAt: sql`now()` }).where(eq(kycSettings.merchantId, merchantId));
  return { before, after: s };
}
