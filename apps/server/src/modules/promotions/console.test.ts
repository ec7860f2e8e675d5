/** The console's promotions page (moved from the operator's content suite). */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { newOp, opCall, auditRows, ok, uniq } from '../../test/kits/operator.ts';

const t = useTestApp();


describe('console promotions', () => {
  const input = (title: string, over: object = {}) => ({
    category: 'deposit', rule: { kind: 'deposit', period: 'daily', bps: 1000, maxBonus: '100', minDeposit: '50', turnoverMultiple: 3 },
    title: { ES: title, EN: `${title} EN` }, summary: { ES: 'Resumen', EN: 'Summary' }, content: { ES: '<p>Reglas<script>x</script></p>', EN: '<p>Rules</p>' },
    startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: null, ...over,
  });

  it('creates and edits a promotion with its rule; the player list shows the change at once', async () => {
    const op = await newOp(t, 'content');
    const title = `Promo ${uniq()}`;
    const made = await ok(opCall(t, op, 'POST', '/wps/ops/content/promotions/save', { promotion: input(title) }));
    expect(made).toMatchObject({ enabled: true, pending: 0, content: { ES: '<p>Reglas</p>' }, rule: { bps: 1000, maxBonus: '100.00' } });
    const shown = async (lang = 'ES') => ((await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_getPromotions?language=${lang}` })).json().value.list as { id: string; title: string; rule: { bps: number } }[])
      .find((p) => p.id === made.id);
    expect((await shown())?.title).toBe(title);
    const edited = await ok(opCall(t, op, 'POST', '/wps/ops/content/promotions/save', { id: made.id, promotion: input(`${title} 2`, { rule: { kind: 'deposit', period: 'weekly', bps: 2500 } }) }));
    expect(edited.rule).toMatchObject({ period: 'weekly', bps: 2500 });
    expect(await shown()).toMatchObject({ title: `${title} 2`, rule: { bps: 2500 } });
    expect((await shown('EN'))?.title).toBe(`${title} 2 EN`);
    const rows = await auditRows(t, 'content.promotion.update', made.id);
    expect(rows[0]).toMatchObject({ before: { rule: { bps: 1000 } }, after: { rule: { bps: 2500 } } });

    const bad = await opCall(t, op, 'POST', '/wps/ops/content/promotions/save', { id: made.id, promotion: input(title, { rule: { kind: 'deposit', period: 'daily' } }) });
    expect(bad.json().errorCode).toBe('promotion.rule.invalid');
    expect((await opCall(t, op, 'POST', '/wps/ops/content/promotions/save', { id: '999999999', promotion: input(title) })).json().errorCode).toBe('promotion.not.found');
    // switched off through the older call with a console session: hidden and audited
    await ok(opCall(t, op, 'POST', '/wps/operator/promotions/enabled', { id: made.id, enabled: false }));
    expect(await shown()).toBeUndefined();
    expect(await auditRows(t, 'api:/wps/operator/promotions/enabled', made.id)).toHaveLength(1);
    const listed = (await ok(opCall(t, op, 'GET', '/wps/ops/content/promotions'))).list as { id: string; enabled: boolean }[];
    expect(listed.find((p) => p.id === made.id)?.enabled).toBe(false);
  });
});
