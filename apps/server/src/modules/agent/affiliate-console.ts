/**
 * The operator's affiliate settings of a brand (X-Operator-Key or a console session with
 * finance.view / finance.rules; the older /wps/operator API audits each change): hosts agents'
 * postbacks may go to, admin fee per product and payment fee on revenue-share statements, and the
 * CPA qualification rule (first deposit, valid bet, days) CPA contracts fall back to.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { affiliate } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import type { Db } from '../../db/index.ts';
import { affiliateSettings } from '../../db/schema.ts';

export async function settingsOf(db: Db, merchantId: number): Promise<affiliate.SettingsValue> {
  const [row] = await db.select().from(affiliateSettings).where(eq(affiliateSettings.merchantId, merchantId));
  return { postbackHosts: row?.postbackHosts ?? [], adminFeeBps: row?.adminFeeBps ?? {}, paymentFeeBps: row?.paymentFeeBps ?? 0, cpaRule: row?.cpaRule ?? {} };
}

export async function affiliateConsoleRoutes(app: FastifyInstance) {
  route(app, affiliate.operatorSettings, async ({ brand, req }) => {
    operatorOf(req);
    return settingsOf(app.db, brand.id);
  });
  route(app, affiliate.operatorSettingsSave, async ({ brand, req, body }) => {
    operatorOf(req);
    const v = { postbackHosts: [...new Set(body.postbackHosts)], adminFeeBps: body.adminFeeBps, paymentFeeBps: body.paymentFeeBps, cpaRule: body.cpaRule ?? {} };
    await app.db.insert(affiliateSettings).values({ merchantId: brand.id, ...v })
      .onConflictDoUpdate({ target: affiliateSettings.merchantId, set: { ...v, updatedAt: new Date() } });
    return v;
  });
}
