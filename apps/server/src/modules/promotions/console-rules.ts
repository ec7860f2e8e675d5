/** The operator's promotion calls: publish one (its rule checked against its kind) and switch it off or on. */
import { and, eq } from 'drizzle-orm';
import type { promotions as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { promotions, type RuleRow } from '../../db/promotions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { sanitizeTexts } from '../announcements/sanitize.ts';

export type Input = ReturnType<typeof contract.promotionInput.parse>;

/** "12.5" -> "1250" (minor units, as the rule rows keep them). The contract checked the shape. */
const minor = (major: string | undefined) => {
  if (major === undefined) return undefined;
  const [int, frac = ''] = major.split('.');
  return String(BigInt(int) * 100n + BigInt(frac.padEnd(2, '0')));
};

export function ruleOf(r: Input['rule']): RuleRow {
  const bad = (reason: string) => new AppError('promotion.rule.invalid', { reason });
  const needsBps = r.kind === 'deposit' || r.kind === 'newbie' || r.kind === 'rebate';
  if (needsBps && !r.bps) throw bad('bps');
  if (r.kind === 'appDownload' && !(Number(r.fixedAmount ?? 0) > 0)) throw bad('fixedAmount');
  if (r.kind === 'ranking' && !(r.prizes?.length && r.prizes.every((p) => Number(p) > 0))) throw bad('prizes');
  if (r.kind === 'ranking' && r.period === 'once') throw bad('period');
  if ((r.kind === 'newbie' || r.kind === 'appDownload') && r.period !== 'once') throw bad('period');
  if (r.kind === 'newbie' && !r.withinDays) throw bad('withinDays');
  return {
    kind: r.kind, period: r.period, bps: r.bps, maxBonus: minor(r.maxBonus), minDeposit: minor(r.minDeposit), minValidBet: minor(r.minValidBet),
    fixedAmount: minor(r.fixedAmount), turnoverMultiple: r.turnoverMultiple, withinDays: r.withinDays, gameTypes: r.gameTypes,
    prizes: r.prizes?.map((p) => minor(p)!),
  };
}

export async function create(db: Db, brand: Brand, body: Input) {
  const startsAt = new Date(body.startsAt);
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt <= startsAt) throw new AppError('promotion.rule.invalid', { reason: 'endsAt' });
  const [row] = await db.insert(promotions).values({
    merchantId: brand.id, category: body.category, rule: ruleOf(body.rule), title: body.title, summary: body.summary ?? {}, content: sanitizeTexts(body.content ?? {}),
    image: body.image ?? '', sort: body.sort ?? 0, startsAt, endsAt,
  }).returning();
  return row;
}

export async function setEnabled(db: Db, brand: Brand, id: bigint, enabled: boolean) {
  const [row] = await db.update(promotions).set({ enabled }).where(and(eq(promotions.merchantId, brand.id), eq(promotions.id, id))).returning();
  if (!row) throw new AppError('promotion.not.found');
  return { id: String(row.id), enabled: row.enabled };
}
