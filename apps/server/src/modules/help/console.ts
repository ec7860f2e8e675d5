/**
 * The console's help-centre articles (issue 9 item 3), kept in the brand config JSON
 * (`helpCenter`). Every write is a locked read-modify-write of the merchant row that changes
 * only `helpCenter` (other console pages edit other keys of the same JSON at the same time), is
 * checked against the brand config schema, audited, and reloads the brands on every instance.
 * Registered by the help routes (routes.ts); the public read is the brand config (modules/system).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandConfig, type BrandConfig, operatorContent } from '@lobby/contract';
import { merchants } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { sanitizeHtml } from '../announcements/index.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';

type Article = operatorContent.HelpArticle;

export async function list(app: FastifyInstance, brand: Brand) {
  const [row] = await app.db.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, brand.id));
  return { list: (row?.config.helpCenter ?? []) as Article[] };
}

/**
 * Runs `change` on the brand's current articles under a row lock and writes the result back
 * into the same config (only `helpCenter` replaced). Answers the articles before and after.
 */
async function edit(app: FastifyInstance, brand: Brand, change: (help: Article[]) => Article[]) {
  const out = await app.db.transaction(async (tx) => {
    const [row] = await tx.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, brand.id)).for('update');
    if (!row) throw new AppError('request.not.found');
    const before = (row.config.helpCenter ?? []) as Article[];
    const after = change(before);
    const next: BrandConfig = { ...row.config, helpCenter: after };
    if (!brandConfig.safeParse(next).success) throw new AppError('request_param_err');
    await tx.update(merchants).set({ config: next }).where(eq(merchants.id, brand.id));
    return { before, after };
  });
  await app.brandsChanged();
  return out;
}

const clean = (a: Article): Article => ({
  term: a.term, title: { ES: a.title.ES, EN: a.title.EN }, content: { ES: sanitizeHtml(a.content.ES), EN: sanitizeHtml(a.content.EN) },
});

export async function save(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { previousTerm?: string; article: Article }) {
  const article = clean(body.article);
  const { before, after } = await edit(app, brand, (help) => {
    const at = body.previousTerm === undefined ? -1 : help.findIndex((h) => h.term === body.previousTerm);
    if (body.previousTerm !== undefined && at < 0) throw new AppError('content.help.not.found');
    if (help.some((h, i) => h.term === article.term && i !== at)) throw new AppError('content.help.exists');
    return at < 0 ? [...help, article] : help.map((h, i) => (i === at ? article : h));
  });
  const old = body.previousTerm === undefined ? undefined : before.find((h) => h.term === body.previousTerm);
  await record(app.db, actor, brand, ip, { action: old ? 'content.help.update' : 'content.help.create', target: article.term, before: old, after: article });
  return { list: after };
}

export async function remove(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, term: string) {
  const { before, after } = await edit(app, brand, (help) => {
    if (!help.some((h) => h.term === term)) throw new AppError('content.help.not.found');
    return help.filter((h) => h.term !== term);
  });
  await record(app.db, actor, brand, ip, { action: 'content.help.delete', target: term, before: before.find((h) => h.term === term) });
  return { list: after };
}

/** The console's help centre page (content.manage). */
export async function helpConsoleRoutes(app: FastifyInstance) {
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, operatorContent.listHelp, async (ctx) => (g(ctx), list(app, ctx.brand)));
  route(app, operatorContent.saveHelp, async (ctx) => save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, operatorContent.deleteHelp, async (ctx) => remove(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.term));
}
