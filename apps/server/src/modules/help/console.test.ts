/** The console's help centre page (moved from the operator's content suite). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { newOp, opCall, type Op, auditRows, ok, uniq } from '../../test/kits/operator.ts';

const t = useTestApp();


describe('console help centre', () => {
  const article = (term: string, title: string) => ({ term, title: { ES: title, EN: `${title} EN` }, content: { ES: `<p>${title}</p><script>x</script>`, EN: '<p onload="x">en</p>' } });
  const publicHelp = async (lang: string) => (await t.call({ method: 'GET', url: '/wps/system/helpCenter', headers: { language: lang } })).json().value as { term: string; title: string; content: string }[];

  it('adds, edits (renames), refuses duplicates and deletes; the public help shows it at once; other config keys are kept', async () => {
    const op: Op = await newOp(t, 'content');
    const save = (body: object) => opCall(t, op, 'POST', '/wps/ops/content/help/save', body);
    const term = `bonos-${uniq()}`;
    const added = (await save({ article: article(term, 'Bonos') })).json().value.list as { term: string; content: { ES: string } }[];
    expect(added.at(-1)).toMatchObject({ term, content: { ES: '<p>Bonos</p>' } });
    expect((await publicHelp('ES')).find((h) => h.term === term)).toMatchObject({ title: 'Bonos', content: '<p>Bonos</p>' });
    expect((await publicHelp('EN')).find((h) => h.term === term)).toMatchObject({ title: 'Bonos EN', content: '<p>en</p>' });

    expect((await save({ article: article(term, 'Otra') })).json().errorCode).toBe('content.help.exists');
    expect((await save({ previousTerm: 'no-such-term', article: article(`x-${uniq()}`, 'x') })).json().errorCode).toBe('content.help.not.found');
    const renamed = `${term}-2`;
    await ok(save({ previousTerm: term, article: article(renamed, 'Bonos y más') }));
    const now = await publicHelp('ES');
    expect(now.find((h) => h.term === term)).toBeUndefined();
    expect(now.find((h) => h.term === renamed)?.title).toBe('Bonos y más');
    expect((await auditRows(t, 'content.help.update', renamed))[0]).toMatchObject({ before: { term }, after: { term: renamed } });

    // two writers at once, and another key of the same JSON changed meanwhile: nothing is lost
    const brandId = t.app.brands.byMerchantCode('demo')!.id;
    const [x, y] = [`par-a-${uniq()}`, `par-b-${uniq()}`];
    await Promise.all([save({ article: article(x, 'A') }), save({ article: article(y, 'B') }),
      t.database.db.transaction(async (tx) => {
        const [row] = await tx.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, brandId)).for('update');
        await tx.update(merchants).set({ config: { ...row.config, supportHours: '08:00-20:00 test' } }).where(eq(merchants.id, brandId));
      })]);
    const [after] = await t.database.db.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, brandId));
    expect(after.config.helpCenter.map((h) => h.term)).toEqual(expect.arrayContaining([x, y, renamed]));
    expect(after.config.supportHours).toBe('08:00-20:00 test');

    await ok(opCall(t, op, 'POST', '/wps/ops/content/help/delete', { term: renamed }));
    expect((await publicHelp('ES')).find((h) => h.term === renamed)).toBeUndefined();
    expect((await opCall(t, op, 'POST', '/wps/ops/content/help/delete', { term: renamed })).json().errorCode).toBe('content.help.not.found');
    expect(await auditRows(t, 'content.help.delete', renamed)).toHaveLength(1);
    expect((await save({ article: { ...article('Bad Term', 'x') } })).json().errorCode).toBe('request_param_err');
  });

  it('a support operator may not touch content', async () => {
    const op = await newOp(t, 'support');
    expect((await opCall(t, op, 'POST', '/wps/ops/content/help/delete', { term: 'faq' })).json().errorCode).toBe('operator.forbidden');
  });
});
