/**
 * Console missions: list, add, edit, enable/disable. A claim keeps the progress and reward it was
 * paid with (mission_claims) and is unique per member, mission and period, so editing the target
 * or reward never pays a claim twice nor changes one already paid. Kind and period are fixed after
 * the first claim (a new period key would let a member claim the same work again). Members read
 * missions from the table on every call (no cache): a disabled mission is gone at once.
 * Registered by the missions routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { missions as missionsContract, operatorRewards as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { missionClaims, missions } from '../../db/missions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';

type Row = typeof missions.$inferSelect;
type Kind = Row['kind'];
type SaveBody = { id?: string; kind: Kind; period: Row['period']; title: contract.Texts; target: string | number; reward: string | number; enabled: boolean; sort: number };

const isMoney = (k: Kind) => missionsContract.MONEY_KINDS.has(k);
const fmtTarget = (k: Kind, v: bigint) => (isMoney(k) ? formatAmount(v) : String(v));

/** A target: money kinds in major units (minor stored), count kinds a whole number 1..1e9. */
export function parseTarget(kind: Kind, input: string | number): bigint {
  if (isMoney(kind)) return parseAmount(input);
  const s = String(input).trim();
  if (!/^[1-9]\d{0,8}$/.test(s)) throw new AppError('operator.rewards.mission.target');
  return BigInt(s);
}

const view = (m: Row, claims: number): contract.MissionRow => ({
  id: String(m.id), kind: m.kind, period: m.period, title: { ES: m.title.ES ?? '', EN: m.title.EN ?? '' },
  target: fmtTarget(m.kind, m.target), reward: formatAmount(m.reward), enabled: m.enabled, sort: m.sort, claims,
});

async function claimCounts(db: Db, merchantId: number, missionId?: bigint): Promise<Map<string, number>> {
  const rows = await db.select({ id: missionClaims.missionId, n: sql<number>`count(*)::int` }).from(missionClaims)
    .where(and(eq(missionClaims.merchantId, merchantId), missionId === undefined ? undefined : eq(missionClaims.missionId, missionId)))
    .groupBy(missionClaims.missionId);
  return new Map(rows.map((r) => [String(r.id), r.n]));
}

export async function list(db: Db, brand: Brand): Promise<contract.MissionRow[]> {
  const rows = await db.select().from(missions).where(eq(missions.merchantId, brand.id)).orderBy(asc(missions.sort), asc(missions.id));
  const counts = await claimCounts(db, brand.id);
  return rows.map((m) => view(m, counts.get(String(m.id)) ?? 0));
}

async function one(db: Db, brand: Brand, id: bigint) {
  const [m] = await db.select().from(missions).where(and(eq(missions.merchantId, brand.id), eq(missions.id, id)));
  if (!m) throw new AppError('mission.not.found');
  return m;
}

export async function save(db: Db, brand: Brand, actor: Actor, ip: string, b: SaveBody): Promise<contract.MissionRow> {
  const values = {
    kind: b.kind, period: b.period, title: { ES: b.title.ES, EN: b.title.EN }, target: parseTarget(b.kind, b.target),
    reward: parseAmount(b.reward), enabled: b.enabled, sort: b.sort,
  };
  if (!b.id) {
    const [m] = await db.insert(missions).values({ ...values, merchantId: brand.id }).returning();
    const after = view(m, 0);
    await record(db, actor, brand, ip, { action: 'rewards.mission.create', target: after.id, after });
    return after;
  }
  const id = BigInt(b.id);
  const out = await db.transaction(async (tx) => {
    const [m] = await tx.select().from(missions).where(and(eq(missions.merchantId, brand.id), eq(missions.id, id))).for('update');
    if (!m) throw new AppError('mission.not.found');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(missionClaims)
      .where(and(eq(missionClaims.merchantId, brand.id), eq(missionClaims.missionId, id)));
    if (n > 0 && (m.kind !== values.kind || m.period !== values.period)) throw new AppError('operator.rewards.mission.claimed');
    const [u] = await tx.update(missions).set(values).where(and(eq(missions.merchantId, brand.id), eq(missions.id, id))).returning();
    const before = view(m, n);
    const after = view(u, n);
    await record(tx, actor, brand, ip, { action: 'rewards.mission.update', target: after.id, before, after });
    return after;
  });
  return out;
}

export async function setEnabled(db: Db, brand: Brand, actor: Actor, ip: string, idText: string, enabled: boolean): Promise<contract.MissionRow> {
  const id = BigInt(idText);
  const m = await one(db, brand, id);
  const [u] = await db.update(missions).set({ enabled }).where(and(eq(missions.merchantId, brand.id), eq(missions.id, id))).returning();
  const n = (await claimCounts(db, brand.id, id)).get(idText) ?? 0;
  await record(db, actor, brand, ip, { action: enabled ? 'rewards.mission.enable' : 'rewards.mission.disable', target: idText,
    before: { enabled: m.enabled }, after: { enabled: u.enabled } });
  return view(u, n);
}

/** The console's missions page (content.manage). */
export async function missionsConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, contract.listMissions, async (ctx) => (g(ctx), list(db, ctx.brand)));
  route(app, contract.saveMission, async (ctx) => save(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, contract.setMissionEnabled, async (ctx) => setEnabled(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));
}
