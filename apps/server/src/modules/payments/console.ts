/**
 * The console's payment pages: the provider of each deposit channel and the payout provider
 * (finance.rules), deposit and withdrawal history with CSV (finance.view), and reconciliation of a
 * provider's settlement report (finance.view to run, finance.adjust to resolve). Every change is
 * audited; the role and brand checks are the operator-access layer's (route-permissions.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payments } from '@lobby/contract';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { requestBrand, type Brand } from '../../plugins/merchant.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import * as history from './history.ts';
import * as q from './queries.ts';
import { listItems, reconcileDay, resolveItem } from './reconcile.ts';
import { webhookPath, type Providers } from './service.ts';

async function channelList(app: FastifyInstance, providers: Providers, brand: Brand) {
  const rows = await q.channelRows(app.db, brand.id);
  const out = [];
  for (const m of brand.config.wallet.deposit.methods) {
    for (const c of m.channels) {
      const r = rows.find((x) => x.method === m.code && x.channel === c.code);
      out.push({
        method: m.code, methodName: m.name, kind: m.kind, channel: c.code, channelName: c.name, min: formatAmount(c.min), max: formatAmount(c.max),
        provider: (r?.provider ?? 'manual') as payments.Provider, enabled: r?.enabled ?? true,
      });
    }
  }
  const s = await q.settingsOf(app.db, brand.id);
  const base = app.config.PUBLIC_BASE_URL ?? '';
  return {
    channels: out, providers: ['manual', ...providers.keys()] as payments.Provider[],
    payoutProvider: (s.payoutProvider ?? null) as payments.Provider | null,
    webhookUrls: Object.fromEntries([...providers.keys()].map((p) => [p, `${base}${webhookPath(p, brand)}`])),
  };
}

export async function paymentsConsoleRoutes(app: FastifyInstance, providers: Providers) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  route(app, payments.channels, async (ctx) => (g(ctx), channelList(app, providers, ctx.brand)));
  route(app, payments.setChannel, async (ctx) => {
    const a = g(ctx);
    const { method, channel, provider, enabled } = ctx.body;
    const known = ctx.brand.config.wallet.deposit.methods.find((m) => m.code === method)?.channels.some((c) => c.code === channel);
    if (!known) throw new AppError('cashier.method.invalid');
    if (provider !== 'manual' && !providers.has(provider)) throw new AppError('payments.provider.unknown');
    const before = (await channelList(app, providers, ctx.brand)).channels.find((c) => c.method === method && c.channel === channel)!;
    await q.upsertChannel(db, { merchantId: ctx.brand.id, method, channel, provider, enabled });
    await record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.payments.channel', target: `${method}/${channel}`,
      before: { provider: before.provider, enabled: before.enabled }, after: { provider, enabled } });
    return { ...before, provider, enabled };
  });
  route(app, payments.setPayoutProvider, async (ctx) => {
    const a = g(ctx);
    const { provider } = ctx.body;
    if (provider !== 'manual' && !providers.get(provider)?.payout) throw new AppError('payments.payout.unsupported');
    const before = (await q.settingsOf(db, ctx.brand.id)).payoutProvider;
    const value = provider === 'manual' ? null : provider;
    await q.setPayoutProvider(db, ctx.brand.id, value);
    await record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.payments.payout', target: 'payoutProvider', before: { payoutProvider: before }, after: { payoutProvider: value } });
    return { payoutProvider: value };
  });

  route(app, payments.depositHistory, async (ctx) => (g(ctx), history.deposits(db, ctx.brand, ctx.query)));
  route(app, payments.withdrawalHistory, async (ctx) => (g(ctx), history.withdrawalsOf(db, ctx.brand, ctx.query)));
  // CSV exports of the history (same filter as the pages; audited)
  const csv = (path: string, name: string, text: (brand: Brand, f: payments.HistoryQuery) => Promise<string>) =>
    app.get(path, { schema: { hide: true } }, async (req, reply) => {
      const brand = requestBrand(req);
      req.brand = brand;
      const a = operatorOf(req);
      const f = payments.historyQuery.safeParse(req.query);
      if (!f.success) throw new AppError('request_param_err');
      const body = await text(brand, f.data);
      await record(db, a, brand, req.ip, { action: `finance.${name}.export`, target: 'csv', after: f.data });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${brand.code}.csv"`).send(body);
    });
  csv(payments.DEPOSITS_CSV_PATH, 'deposits', (brand, f) => history.depositsCsv(db, brand, f));
  csv(payments.WITHDRAWALS_CSV_PATH, 'withdrawals', (brand, f) => history.withdrawalsCsv(db, brand, f));

  route(app, payments.runReconciliation, async (ctx) => reconcileDay(db, providers, ctx.brand, g(ctx), ctx.req.ip, ctx.body.provider, ctx.body.day));
  route(app, payments.reconciliationItems, async (ctx) => (g(ctx), listItems(db, ctx.brand, ctx.query.open !== 'false')));
  route(app, payments.resolveReconciliation, async (ctx) => resolveItem(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.reason));
}
