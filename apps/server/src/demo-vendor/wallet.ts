import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt } from 'drizzle-orm';
import { vendor as contract } from '@lobby/contract';
import { demoVendorSessions } from '../db/demo-vendor-schema.ts';
import type { Brand } from '../plugins/merchant.ts';
import { sign, vendorSecret } from '../modules/seamless-wallet/index.ts';
import { parseMinor } from './money.ts';

/**
 * The demo vendor's seamless-wallet client: every call is signed with the vendor code's secret
 * and goes through the platform's full HTTP pipeline (app.inject), exactly as an outside
 * vendor's request would. Answers never throw: `unavailable` means no answer or a 5xx, where
 * the money may or may not have moved (the caller rolls back); a refusal carries its errorCode.
 */
export type WalletAnswer =
  | { ok: true; balance: bigint }
  | { ok: false; unavailable: true }
  | { ok: false; unavailable: false; errorCode: string };

export type WalletPath = 'balance' | 'bet' | 'win' | 'rollback';

export class SeamlessClient {
  constructor(private readonly app: FastifyInstance) {}

  async call(brand: Brand, vendor: string, path: WalletPath, body: Record<string, unknown>): Promise<WalletAnswer> {
    const secret = await vendorSecret(this.app.db, brand.id, vendor);
    if (!secret) return { ok: false, unavailable: false, errorCode: 'vendor.signature.invalid' };
    // A bet carries the launch token the platform gave this game's session (the newest live one).
    if (path === 'bet' && body.token === undefined) {
      const token = await this.launchToken(brand, vendor, String(body.member), String(body.gameId));
      if (!token) return { ok: false, unavailable: false, errorCode: 'vendor.token.invalid' };
      body = { ...body, token };
    }
    const raw = JSON.stringify({ vendor, ...body });
    const ts = String(Date.now());
    try {
      const res = await this.app.inject({
        method: 'POST',
        url: `/vendor/seamless/${path}`,
        headers: {
          merchant: brand.code,
          'content-type': 'application/json',
          [contract.HEADERS.vendor]: vendor,
          [contract.HEADERS.timestamp]: ts,
          [contract.HEADERS.signature]: sign(secret, ts, raw),
        },
        payload: raw,
      });
      if (res.statusCode >= 500) return { ok: false, unavailable: true };
      const json = res.json() as { success: boolean; value?: { balance?: string }; errorCode?: string };
      if (!json.success) return { ok: false, unavailable: false, errorCode: json.errorCode ?? 'unknown.error' };
      const balance = parseMinor(json.value?.balance);
      return balance === null ? { ok: false, unavailable: true } : { ok: true, balance };
    } catch {
      return { ok: false, unavailable: true };
    }
  }

  /** The launch token of the member's newest live real-play session of this game (the platform's game-session token). */
  private async launchToken(brand: Brand, vendor: string, account: string, nodeId: string): Promise<string | undefined> {
    const [s] = await this.app.db.select({ token: demoVendorSessions.token }).from(demoVendorSessions)
      .where(and(eq(demoVendorSessions.merchantId, brand.id), eq(demoVendorSessions.vendor, vendor), eq(demoVendorSessions.account, account),
        eq(demoVendorSessions.nodeId, nodeId), eq(demoVendorSessions.trial, false), gt(demoVendorSessions.expiresAt, new Date())))
      .orderBy(desc(demoVendorSessions.createdAt)).limit(1);
    return s?.token;
  }

  balance(brand: Brand, vendor: string, account: string) {
    return this.call(brand, vendor, 'balance', { account });
  }
}
