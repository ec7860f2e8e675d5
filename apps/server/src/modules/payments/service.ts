/**
 * Deposits through providers: the checkout of an order of an instant channel, and the provider's
 * events applied exactly once. Every event is claimed by its id (payment_events, unique) in the
 * same transaction that applies it, with the payment row locked: a replay or a racing duplicate
 * moves nothing. Status only moves forward, so a late or reordered event never undoes a later
 * one (a paid payment is never un-paid by an older "pending"); a late "paid" after failed or
 * expired still credits (the money arrived). An amount or currency other than the order's is
 * refused and flagged. A chargeback reverses the deposit (and its bonus) through the ledger as far
 * as the balance goes; the rest is kept as the payment's shortfall (a debt the operator sees).
 */
import type { FastifyInstance } from 'fastify';
import type { payments as contract } from '@lobby/contract';
import type { Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { brandAccount, formatAmount, lockMemberAccounts, post } from '../../kernel/ledger/index.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { closeInTx, confirmInTx, depositByNo } from '../cashier/index.ts';
import type { PaymentEvent, PaymentProvider, PaymentState } from './adapter.ts';
import * as q from './queries.ts';

export type Providers = Map<string, PaymentProvider>;

export function providerOf(providers: Providers, code: string): PaymentProvider {
  const p = providers.get(code);
  if (!p) throw new AppError('payments.provider.unknown');
  return p;
}

export const webhookPath = (provider: string, brand: Brand) => `/wps/payments/webhook/${provider}/${brand.code}`;

export async function instantChannels(app: FastifyInstance, providers: Providers, brand: Brand) {
  const rows = await q.channelRows(app.db, brand.id);
  const methods = brand.config.wallet.deposit.methods;
  return {
    channels: rows.filter((r) => r.enabled && r.provider !== 'manual' && providers.has(r.provider)
      && methods.some((m) => m.code === r.method && m.channels.some((c) => c.code === r.channel)))
      .map((r) => ({ method: r.method, channel: r.channel, provider: r.provider as contract.Provider })),
  };
}

/**
 * Opens the provider checkout of the member's pending order (once: the same order answers the
 * same checkout). The order must be of a channel served by a provider.
 */
export async function openCheckout(app: FastifyInstance, providers: Providers, brand: Brand, p: Principal, orderNo: string, origin: string) {
  requireRealAccount(p);
  const order = await depositByNo(app.db, brand.id, orderNo, p.member.id);
  if (!order) throw new AppError('cashier.order.not.found');
  const existing = await q.paymentByOrder(app.db, brand.id, orderNo);
  if (existing) return { orderNo, provider: existing.provider as contract.Provider, checkoutUrl: existing.checkoutUrl, status: existing.status };
  if (order.status !== 'pending' || order.expiresAt <= new Date()) throw new AppError('cashier.order.state', { status: order.status }, { status: order.status });
  const code = await q.channelProvider(app.db, brand.id, order.method, order.channel);
  if (code === 'manual') throw new AppError('payments.channel.manual');
  const provider = providerOf(providers, code);
  await q.settingsOf(app.db, brand.id);
  const currency = brand.config.currency.code;
  const base = app.config.PUBLIC_BASE_URL ?? origin;
  const created = await provider.createPayment(brand, {
    orderNo, amount: order.amount, currency, description: `${brand.config.name} · ${orderNo}`,
    returnUrl: `${base}/payments/return?orderNo=${encodeURIComponent(orderNo)}`,
    webhookUrl: code === 'demo' ? webhookPath('demo', brand) : `${base}${webhookPath(code, brand)}`,
    idempotencyKey: `checkout:${brand.code}:${orderNo}`,
  });
  const row = await q.insertPayment(app.db, {
    merchantId: brand.id, memberId: order.memberId, orderNo, provider: code, providerRef: created.ref,
    amount: order.amount, currency, checkoutUrl: created.checkoutUrl,
  });
  return { orderNo, provider: row!.provider as contract.Provider, checkoutUrl: row!.checkoutUrl, status: row!.status };
}

export async function result(app: FastifyInstance, brand: Brand, p: Principal, orderNo: string) {
  requireRealAccount(p);
  const order = await depositByNo(app.db, brand.id, orderNo, p.member.id);
  if (!order) throw new AppError('cashier.order.not.found');
  const pay = await q.paymentByOrder(app.db, brand.id, orderNo);
  return {
    orderNo, orderStatus: order.status, paymentStatus: pay?.status ?? null, provider: pay?.provider ?? null,
    amount: formatAmount(order.amount), bonusAmount: formatAmount(order.bonusAmount), currency: brand.config.currency.code,
  };
}

const RANK: Record<PaymentState, number> = { open: 0, pending: 1, paid: 2, failed: 2, expired: 2, refunded: 3, charged_back: 3 };

export interface Applied { outcome: 'applied' | 'ignored' | 'refused' | 'duplicate'; detail: string; credited?: bigint; refundCharge?: { payment: q.PaymentRow; chargeRef: string } }

/** Takes a deposit (and its bonus) back from the member as far as the main balance goes; answers the shortfall. */
async function reverseDeposit(tx: Tx, brand: Brand, p: q.PaymentRow, kind: 'chargeback' | 'refund'): Promise<bigint> {
  const order = await depositByNo(tx, brand.id, p.orderNo);
  const total = p.amount + (order?.bonusAmount ?? 0n);
  const main = (await lockMemberAccounts(tx, brand.id, p.memberId)).find((a) => a.wallet === 'main');
  const balance = main?.balance ?? 0n;
  const take = balance < total ? balance : total;
  if (main && take > 0n) {
    const toClearing = take < p.amount ? take : p.amount;
    const lines = [{ account: main.id, amount: -take }, { account: await brandAccount(tx, brand.id, 'clearing', p.orderNo), amount: toClearing }];
    if (take > toClearing) lines.push({ account: await brandAccount(tx, brand.id, 'bonus_pool', p.orderNo), amount: take - toClearing });
    await post(tx, { merchantId: brand.id, kind: 'deposit_chargeback', idemKey: `deposit:${p.orderNo}:${kind}`, memberId: p.memberId, lines,
      meta: { orderNo: p.orderNo, provider: p.provider, shortfall: String(total - take) } });
  }
  return total - take;
}

async function applyInTx(tx: Tx, brand: Brand, provider: string, e: PaymentEvent): Promise<Applied> {
  const p = await q.lockPayment(tx, brand.id, provider, e.ref);
  if (!p) return { outcome: 'refused', detail: 'unknown payment' };
  const now = new Date();
  if ((e.state === 'paid' || e.state === 'pending') && (e.amount !== p.amount || e.currency.toUpperCase() !== p.currency.toUpperCase())) {
    const flag = e.currency.toUpperCase() !== p.currency.toUpperCase() ? 'currency_mismatch' : 'amount_mismatch';
    await q.updatePayment(tx, p.id, { flag });
    return { outcome: 'refused', detail: `${flag}: ${e.currency} ${formatAmount(e.amount)} for ${p.currency} ${formatAmount(p.amount)}` };
  }
  switch (e.state) {
    case 'paid': {
      if (p.status === 'paid' && e.chargeRef && p.chargeRef && e.chargeRef !== p.chargeRef) {
        await q.updatePayment(tx, p.id, { flag: 'duplicate_charge' });
        return { outcome: 'applied', detail: 'second charge: refunded', refundCharge: { payment: p, chargeRef: e.chargeRef } };
      }
      if (RANK[p.status] >= 2 && p.status !== 'failed' && p.status !== 'expired') return { outcome: 'ignored', detail: `already ${p.status}` };
      const d = await confirmInTx(tx, brand, p.orderNo, { now, late: true, remark: `${provider} ${e.chargeRef ?? e.ref}` });
      await q.updatePayment(tx, p.id, { status: 'paid', chargeRef: e.chargeRef ?? p.chargeRef, paidAt: e.at, ...(d ? {} : { flag: 'order_closed' }) });
      if (!d) return { outcome: 'refused', detail: 'the order was closed by an operator: refund it' };
      return { outcome: 'applied', detail: 'credited', credited: d.memberId };
    }
    case 'pending':
    case 'open':
      if (p.status !== 'open') return { outcome: 'ignored', detail: `already ${p.status}` };
      await q.updatePayment(tx, p.id, { status: 'pending' });
      return { outcome: 'applied', detail: 'pending' };
    case 'failed':
    case 'expired':
      if (RANK[p.status] >= 2) return { outcome: 'ignored', detail: `already ${p.status}` };
      await closeInTx(tx, brand, p.orderNo, e.state === 'failed' ? 'rejected' : 'expired', `${provider}: ${e.state}`, now);
      await q.updatePayment(tx, p.id, { status: e.state });
      return { outcome: 'applied', detail: e.state };
    case 'charged_back':
    case 'refunded': {
      if (p.status === 'charged_back' || p.status === 'refunded') return { outcome: 'ignored', detail: `already ${p.status}` };
      if (p.status !== 'paid') {
        // reversed before its "paid" arrived: never credited, so nothing to take back (a later "paid" is ignored)
        await q.updatePayment(tx, p.id, { status: e.state });
        return { outcome: 'applied', detail: `${e.state} before paid: nothing credited` };
      }
      const shortfall = await reverseDeposit(tx, brand, p, e.state === 'refunded' ? 'refund' : 'chargeback');
      await q.updatePayment(tx, p.id, { status: e.state, shortfall });
      return { outcome: 'applied', detail: shortfall > 0n ? `reversed, shortfall ${formatAmount(shortfall)}` : 'reversed', credited: p.memberId };
    }
  }
}

/** Applies one provider payment event exactly once; pushes the balance after the commit. */
export async function applyPaymentEvent(app: FastifyInstance, providers: Providers, brand: Brand, provider: string, e: PaymentEvent): Promise<Applied> {
  const r = await app.db.transaction(async (tx) => {
    const id = await q.claimEvent(tx, { merchantId: brand.id, provider, eventId: e.id, type: `payment.${e.state}`, ref: e.ref,
      payload: { amount: String(e.amount), currency: e.currency, chargeRef: e.chargeRef ?? null, at: e.at.toISOString() } });
    if (!id) return { outcome: 'duplicate', detail: 'event already received' } as Applied;
    const applied = await applyInTx(tx, brand, provider, e);
    await q.setEventOutcome(tx, id, applied.outcome, applied.detail);
    return applied;
  });
  if (r.credited !== undefined) balanceChanged(app, brand, r.credited);
  if (r.refundCharge) {
    // the member was charged twice for one order: the second charge goes back at the provider
    const { payment, chargeRef } = r.refundCharge;
    await providerOf(providers, provider).refund(brand, { ref: payment.providerRef, chargeRef, orderNo: payment.orderNo }, payment.amount)
      .catch((err: unknown) => app.log.warn({ err, orderNo: payment.orderNo }, 'refund of a duplicate charge failed'));
  }
  return r;
}
