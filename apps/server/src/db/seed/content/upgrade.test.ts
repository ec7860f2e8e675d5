/**
 * A database seeded before the translations (demo content in ES and EN only) gets them at the next
 * seeded start; content an operator changed is left alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { announcements, merchants, missions, pointRewards, promotions } from '../../schema.ts';
import { seedDemo } from '../index.ts';
import { OTHER_LANGS } from './index.ts';

const t = useTestApp();
const strip = sql`- 'PT-BR' - 'CN' - 'AR' - 'VI' - 'TH' - 'FA'`;

describe('seed upgrade of a database seeded in ES and EN only', () => {
  it('adds every translated language to the untouched demo content, not to edited content', async () => {
    const db = t.database.db;
    const [demo] = await db.select({ id: merchants.id, config: merchants.config }).from(merchants).where(eq(merchants.code, 'demo'));
    // the state of an older seed: no translated rows or keys, help articles in ES and EN only
    await db.delete(announcements).where(inArray(announcements.language, OTHER_LANGS));
    await db.update(promotions).set({ title: sql`${promotions.title} ${strip}`, summary: sql`${promotions.summary} ${strip}`, content: sql`${promotions.content} ${strip}` });
    await db.update(missions).set({ title: sql`${missions.title} ${strip}` });
    await db.update(pointRewards).set({ name: sql`${pointRewards.name} ${strip}`, description: sql`${pointRewards.description} ${strip}` });
    const help = demo.config.helpCenter.map((h) => ({ term: h.term, title: { ES: h.title.ES, EN: h.title.EN }, content: { ES: h.content.ES, EN: h.content.EN } }));
    await db.update(merchants).set({ config: { ...demo.config, helpCenter: help } }).where(eq(merchants.id, demo.id));
    // an operator's own edit stays as written
    await db.update(promotions).set({ title: { ES: 'Mía', EN: 'Mine' } }).where(and(eq(promotions.merchantId, demo.id), eq(promotions.category, 'ranking')));

    await seedDemo(db);

    const rows = await db.select({ category: promotions.category, title: promotions.title }).from(promotions).where(eq(promotions.merchantId, demo.id));
    expect(rows.find((r) => r.category === 'live')?.title['PT-BR']).toBe('Cashback diário de 0,8% no cassino ao vivo');
    expect(rows.find((r) => r.category === 'ranking')?.title).toEqual({ ES: 'Mía', EN: 'Mine' });
    const [m] = await db.select({ title: missions.title }).from(missions).where(and(eq(missions.merchantId, demo.id), eq(missions.sort, 2)));
    expect(m.title.TH).toBe('เล่น 5 รอบวันนี้');
    const [r] = await db.select({ name: pointRewards.name }).from(pointRewards).where(and(eq(pointRewards.merchantId, demo.id), eq(pointRewards.sort, 1)));
    expect(r.name.VI).toBe('Phiếu số dư 25');
    const ar = await db.select({ title: announcements.title, groupName: announcements.groupName }).from(announcements)
      .where(and(eq(announcements.merchantId, demo.id), eq(announcements.language, 'AR')));
    expect(ar.find((a) => a.groupName === 'w_login')?.title).toBe('مرحبًا بعودتك');
    const [after] = await db.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, demo.id));
    expect(after.config.helpCenter[0].title.FA).toBe('دربارهٔ ما');
    // a second start adds nothing more
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(eq(announcements.merchantId, demo.id)))[0].n;
    const before = await count();
    await seedDemo(db);
    expect(await count()).toBe(before);
  });
});
