/**
 * Withdrawals paid out through the brand's payout provider. The cashier's pay transaction (after
 * the two-operator rule) queues the payout (registerPayoutHook → inPayTx), so a crash between the
 * commit and the provider call loses nothing: the sweep sends what is still queued. The provider's
 * events move the payout: paid; failed or bounced → the withdrawal is returned and the money goes
 * back to the member through the ledger once (cashier returnInTx), with an inbox message.
 */
import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { registerPayoutHook, returnInTx } from '../cashier/index.ts';
import { deliverMessage } from '../inbox/index.ts';
import type { PayoutEvent } from './adapter.ts';
import * as q from './queries.ts';
import { webhookPath, type Providers } from './service.ts';

/** Sends one queued payout (at most once at a time: the row moves queued → sent before the call's answer is kept). */
export async function sendPayout(app: FastifyInstance, providers: Providers, brand: Brand, row: q.PayoutRow) {
  const provider = providers.get(row.provider);
  if (!provider?.payout) {
    await q.updatePayout(app.db, row.id, { status: 'failed', detail: 'provider cannot pay out' });
    return;
  }
  const account = await q.withdrawalAccount(app.db, brand.id, row.withdrawNo);
  try {
    const r = await provider.payout(brand, {
      withdrawNo: row.withdrawNo, amount: row.amount, currency: row.currency,
      account: account ?? { kind: 'bank', bankName: '', accountNo: '', payeeName: '' },
      webhookUrl: row.provider === 'demo' ? webhookPath('demo', brand) : `${app.config.PUBLIC_BASE_URL ?? ''}${webhookPath(row.provider, brand)}`,
    });
    await q.updatePayout(app.db, row.id, { status: 'sent', providerRef: r.ref });
  } catch (err) {
    // stays queued: the sweep tries again (the provider dedups by our withdrawal number)
    app.log.warn({ err, withdrawNo: row.withdrawNo }, 'payout send failed');
  }
}

/** Registers the cashier hook; answers the sweep (queued payouts older than a few seconds). */
export function payoutsOf(app: FastifyInstance, providers: Providers) {
  const unregister = registerPayoutHook({
    async inPayTx(tx, brand, w) {
      const s = await q.settingsOf(tx, brand.id);
      if (!s.payoutProvider || s.payoutProvider === 'manual' || !providers.has(s.payoutProvider)) return;
      await q.insertPayout(tx, { merchantId: brand.id, memberId: w.memberId, withdrawNo: w.withdrawNo, provider: s.payoutProvider,
        amount: w.amount - w.fee, currency: brand.config.currency.code });
    },
    afterPay(brand, w) {
      void (async () => {
        const row = await q.payoutByNo(app.db, brand.id, w.withdrawNo);
        if (row?.status === 'queued') await sendPayout(app, providers, brand, row);
      })().catch((err: unknown) => app.log.warn({ err }, 'payout send failed'));
    },
  });
  app.addHook('onClose', async () => unregister());
  return {
    async sweep(now = new Date()) {
      const rows = await q.queuedPayouts(app.db, new Date(now.getTime() - 5_000));
      for (const r of rows) {
        const brand = app.brands.all().find((b) => b.id === r.merchantId);
        if (brand) await sendPayout(app, providers, brand, r);
      }
      return rows.length;
    },
  };
}

const RANK = { queued: 0, sent: 1, paid: 2, failed: 3, bounced: 3 } as const;

/** Applies one payout event exactly once (claimed by its id with the payout row locked). */
export async function applyPayoutEvent(app: FastifyInstance, brand: Brand, provider: string, e: PayoutEvent) {
  const r = await app.db.transaction(async (tx) => {
    const id = await q.claimEvent(tx, { merchantId: brand.id, provider, eventId: e.id, type: `payout.${e.state}`, ref: e.withdrawNo,
      payload: { amount: String(e.amount), currency: e.currency, providerRef: e.ref, detail: e.detail ?? '', at: e.at.toISOString() } });
    if (!id) return { outcome: 'duplicate', detail: 'event already received' } as { outcome: string; detail: string; returned?: bigint };
    const done = async (outcome: string, detail: string, returned?: bigint): Promise<{ outcome: string; detail: string; returned?: bigint }> => {
      await q.setEventOutcome(tx, id, outcome, detail);
      return { outcome, detail, returned };
    };
    const p = await q.lockPayout(tx, brand.id, e.withdrawNo);
    if (!p || p.provider !== provider) return done('refused', 'unknown payout');
    if (e.amount !== p.amount || e.currency.toUpperCase() !== p.currency.toUpperCase()) return done('refused', 'amount_mismatch');
    if (RANK[e.state] <= RANK[p.status]) return done('ignored', `already ${p.status}`);
    if (e.state === 'paid') {
      await q.updatePayout(tx, p.id, { status: 'paid', paidAt: e.at, providerRef: p.providerRef ?? e.ref });
      return done('applied', 'paid');
    }
    // failed or bounced (a bounce may come before its "paid": the money is back either way)
    const w = await returnInTx(tx, brand, e.withdrawNo, `payout ${e.state}${e.detail ? `: ${e.detail}` : ''}`, new Date());
    await q.updatePayout(tx, p.id, { status: e.state, detail: e.detail ?? '' });
    return done('applied', e.state, w?.memberId);
  });
  if (r.returned !== undefined) {
    balanceChanged(app, brand, r.returned);
    const p = await q.payoutByNo(app.db, brand.id, e.withdrawNo);
    const es = brand.config.defaultLanguage !== 'EN';
    const title = es ? 'Retiro devuelto' : 'Withdrawal returned';
    const content = es
      ? `El pago de su retiro ${e.withdrawNo} no se pudo completar (${e.state === 'bounced' ? 'el banco lo devolvió' : 'rechazado'}). El monto volvió a su saldo principal.`
      : `The payout of your withdrawal ${e.withdrawNo} could not be completed (${e.state === 'bounced' ? 'returned by the bank' : 'failed'}). The amount is back in your main balance.`;
    await deliverMessage(app, brand, { senderKind: 'operator', senderId: null, title, content: `${content} (${p ? formatAmount(p.amount) : ''} ${brand.config.currency.code})` },
      { kind: 'member', id: r.returned }).catch((err: unknown) => app.log.warn({ err }, 'payout inbox message failed'));
  }
  return r;
}
