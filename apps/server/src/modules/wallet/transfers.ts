import { wallet } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, requireRealAccount, type Principal } from '../../plugins/session.ts';
import { verifyPaymentPassword } from '../cashier/index.ts';
import { assertMoneyOut } from '../member-security/index.ts';
import { formatAmount, KIND, lockMemberAccounts, memberAccount, parseAmount, post, postingByKey, postingEntries, type PostResult } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { notifyBalances as notify, type WalletEvents } from '../../kernel/live/index.ts';

const { MAIN_WALLET, GAME_WALLET_PREFIX, VENDOR_CODE } = wallet;

/** One idempotency key per member and client request, whatever the kind of transfer. */
export const transferKey = (memberId: bigint, requestId: string) => `transfer:${memberId}:${requestId}`;

/** `main` or `game:<VENDOR>` with a vendor code of the accepted shape; else wallet.account.invalid. */
export function walletName(raw: string): string {
  const w = raw.trim();
  if (w === MAIN_WALLET) return w;
  if (w.startsWith(GAME_WALLET_PREFIX) && VENDOR_CODE.test(w.slice(GAME_WALLET_PREFIX.length))) return w;
  throw new AppError('wallet.account.invalid');
}

interface Move {
  kind: string;
  memberId: bigint;
  requestId: string;
  from: { memberId: bigint; wallet: string; label: string };
  to: { memberId: bigint; wallet: string; label: string };
  amount: bigint;
}

/**
 * One transfer = one posting keyed by `transfer:<member>:<requestId>`. A retry (even a
 * concurrent one) answers the first result; the same requestId for a different transfer is
 * `wallet.duplicate.reference`.
 */
async function move(db: Db, brand: Brand, m: Move): Promise<{ result: wallet.TransferResult; applied: boolean }> {
  const idemKey = transferKey(m.memberId, m.requestId);
  const meta = { requestId: m.requestId, from: m.from.label, to: m.to.label, amount: String(m.amount), remark: `${m.from.label} -> ${m.to.label}` };
  // The accounts first, each created (when new) in its own statement: created inside the posting's
  // transaction, a new account's key stayed locked to its end, and two first transfers of a member
  // in opposite directions (main -> game, game -> main) deadlocked on each other's new account.
  const fromId = await memberAccount(db, brand.id, m.from.memberId, m.from.wallet);
  const toId = await memberAccount(db, brand.id, m.to.memberId, m.to.wallet);
  const res: PostResult = await db.transaction((tx) => post(tx, {
    merchantId: brand.id, kind: m.kind, idemKey, memberId: m.memberId, meta,
    lines: [{ account: fromId, amount: -m.amount }, { account: toId, amount: m.amount }],
  }));
  if (!res.applied) {
    const first = await postingByKey(db, brand.id, idemKey);
    const same = first && first.meta.from === meta.from && first.meta.to === meta.to && first.meta.amount === meta.amount;
    if (!same) throw new AppError('wallet.duplicate.reference');
  }
  return {
    applied: res.applied,
    result: {
      txId: String(res.postingId), requestId: m.requestId, from: m.from.label, to: m.to.label, amount: formatAmount(m.amount),
      fromBalance: formatAmount(res.balanceAfter.get(fromId) ?? 0n), toBalance: formatAmount(res.balanceAfter.get(toId) ?? 0n),
    },
  };
}

/** Main wallet <-> one vendor game wallet, on multi-wallet brands. */
export async function transfer(db: Db, brand: Brand, p: Principal, body: wallet.TransferBody, events?: WalletEvents) {
  requireRealAccount(p);
  if (brand.config.wallet.singleWallet) throw new AppError('wallet.single');
  const from = walletName(body.from);
  const to = walletName(body.to);
  if (from === to || (from !== MAIN_WALLET && to !== MAIN_WALLET)) throw new AppError('wallet.account.invalid');
  const amount = parseAmount(body.amount);
  const me = p.member.id;
  const { result, applied } = await move(db, brand, {
    kind: KIND.transfer, memberId: me, requestId: body.requestId, amount,
    from: { memberId: me, wallet: from, label: from }, to: { memberId: me, wallet: to, label: to },
  });
  if (applied) await notify(events, brand, me);
  return result;
}

/** Every game wallet back to main in one posting; idempotent per requestId. */
export async function recallAll(db: Db, brand: Brand, p: Principal, requestId: string, events?: WalletEvents): Promise<wallet.RecallResult> {
  requireRealAccount(p);
  if (brand.config.wallet.singleWallet) throw new AppError('wallet.single');
  const me = p.member.id;
  const idemKey = transferKey(me, requestId);
  const mainId = await memberAccount(db, brand.id, me, MAIN_WALLET);
  const out = await db.transaction(async (tx) => {
    // Lock all the member's wallets first (in post's order), then look for a first result:
    // a concurrent twin waits here and then finds it.
    const accounts = await lockMemberAccounts(tx, brand.id, me);
    const first = await postingByKey(tx, brand.id, idemKey);
    if (first) {
      if (first.kind !== KIND.recall) throw new AppError('wallet.duplicate.reference');
      const rows = await postingEntries(tx, first.id);
      const main = rows.find((r) => r.accountId === mainId);
      return { applied: false, postingId: first.id, main: main?.balanceAfter ?? 0n, moved: rows.filter((r) => r.amount < 0n).map((r) => ({ wallet: r.wallet, amount: -r.amount })) };
    }
    const moved = accounts.filter((a) => a.wallet.startsWith(GAME_WALLET_PREFIX) && a.balance > 0n).map((a) => ({ id: a.id, wallet: a.wallet, amount: a.balance }));
    const mainNow = accounts.find((a) => a.id === mainId)?.balance ?? 0n;
    if (moved.length === 0) return { applied: false, postingId: null, main: mainNow, moved: [] };
    const total = moved.reduce((s, x) => s + x.amount, 0n);
    const res = await post(tx, {
      merchantId: brand.id, kind: KIND.recall, idemKey, memberId: me, meta: { requestId, remark: 'recall all' },
      lines: [...moved.map((x) => ({ account: x.id, amount: -x.amount })), { account: mainId, amount: total }],
    });
    return { applied: res.applied, postingId: res.postingId, main: res.balanceAfter.get(mainId) ?? 0n, moved };
  });
  if (out.applied) await notify(events, brand, me);
  const moved = out.moved.sort((a, b) => a.wallet.localeCompare(b.wallet));
  return {
    txId: out.postingId === null ? null : String(out.postingId), requestId,
    amount: formatAmount(moved.reduce((s, x) => s + x.amount, 0n)), mainBalance: formatAmount(out.main),
    wallets: moved.map((x) => ({ wallet: x.wallet, amount: formatAmount(x.amount) })),
  };
}

/** Main wallet to the direct upline's main wallet; needs the withdrawal password (cashier). */
export async function transferToUpline(db: Db, brand: Brand, p: Principal, body: { amount: unknown; requestId: string; paymentPassword?: string }, events?: WalletEvents) {
  requireRealAccount(p);
  const parentId = p.member.parentId;
  const parent = parentId === null ? undefined : await q.memberOfBrand(db, brand.id, parentId);
  if (!parent || parent.status !== 'active') throw new AppError('wallet.upline.none');
  const amount = parseAmount(body.amount);
  await assertMoneyOut(db, brand, p);
  await verifyPaymentPassword(db, p, body.paymentPassword ?? '');
  const me = p.member;
  const { result, applied } = await move(db, brand, {
    kind: KIND.upline, memberId: me.id, requestId: body.requestId, amount,
    from: { memberId: me.id, wallet: MAIN_WALLET, label: me.username }, to: { memberId: parent.id, wallet: MAIN_WALLET, label: parent.username },
  });
  if (applied) await notify(events, brand, me.id, parent.id);
  return result;
}

/**
 * An agent moves money from its main wallet to a member of its team (direct or deeper
 * downline of the same brand). `amount` is in minor units. Pass `events` to push the new
 * balances to both members. For the agent issue.
 */
export async function transferToDownline(db: Db, brand: Brand, agent: Principal, downlineMemberId: bigint, amount: bigint, requestId: string, events?: WalletEvents) {
  requireAgent(agent);
  if (amount <= 0n) throw new AppError('wallet.amount.invalid');
  await assertMoneyOut(db, brand, agent);
  const down = await q.memberOfBrand(db, brand.id, downlineMemberId);
  if (!down || down.type === brand.config.trialType || !(await q.isInSubtree(db, brand.id, agent.member.id, down.id))) {
    throw new AppError('wallet.downline.invalid');
  }
  const me = agent.member;
  const { result, applied } = await move(db, brand, {
    kind: KIND.downline, memberId: me.id, requestId, amount,
    from: { memberId: me.id, wallet: MAIN_WALLET, label: me.username }, to: { memberId: down.id, wallet: MAIN_WALLET, label: down.username },
  });
  if (applied) await notify(events, brand, me.id, down.id);
  return result;
}

const MAX_ID = 2n ** 63n - 1n;

/** POST /wps/agent/transfer: the wire body to {@link transferToDownline}. */
export async function agentTransfer(db: Db, brand: Brand, p: Principal, body: { downlineId: string; amount: unknown; requestId: string }, events?: WalletEvents) {
  requireAgent(p);
  const amount = parseAmount(body.amount);
  const id = BigInt(body.downlineId);
  if (id <= 0n || id > MAX_ID) throw new AppError('wallet.downline.invalid');
  return transferToDownline(db, brand, p, id, amount, body.requestId, events);
}
