import type { cashier } from '@lobby/contract';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { iso, maskAccountNo } from './common.ts';
import type { AccountRow, DepositRow, WithdrawalRow } from './queries.ts';

/** Rows to the contract's shapes (amounts as decimal strings, dates as ISO strings). */
export function depositView(o: DepositRow): cashier.DepositOrder {
  return {
    orderNo: o.orderNo, method: o.method, channel: o.channel, amount: formatAmount(o.amount),
    bonusCode: o.bonusCode, bonusAmount: formatAmount(o.bonusAmount), status: o.status, payee: o.payee,
    remark: o.remark, createdAt: o.createdAt.toISOString(), expiresAt: o.expiresAt.toISOString(), closedAt: iso(o.closedAt),
  };
}

export function accountView(a: AccountRow): cashier.WithdrawAccount {
  return { id: String(a.id), kind: a.kind, bankName: a.bankName, accountNo: maskAccountNo(a.accountNo), payeeName: a.payeeName, createdAt: a.createdAt.toISOString() };
}

/** A withdrawal's provider payout as the member and the operator see it (issue 22). */
export type PayoutOf = { status: NonNullable<cashier.Withdrawal['payout']>['status']; detail: string; updatedAt: Date } | null;

export function withdrawalView(w: WithdrawalRow, autoReceiptMinutes: number, payout: PayoutOf = null): cashier.Withdrawal {
  return {
    withdrawNo: w.withdrawNo, amount: formatAmount(w.amount), fee: formatAmount(w.fee), netAmount: formatAmount(w.amount - w.fee),
    status: w.status,
    account: { id: String(w.accountId), kind: w.account.kind, bankName: w.account.bankName, accountNo: maskAccountNo(w.account.accountNo), payeeName: w.account.payeeName },
    receipt: w.receipt, receivedAmount: w.receivedAmount === null ? null : formatAmount(w.receivedAmount),
    remark: w.remark, createdAt: w.createdAt.toISOString(), paidAt: iso(w.paidAt), closedAt: iso(w.closedAt),
    autoReceiptAt: w.status === 'paid' && w.paidAt ? new Date(w.paidAt.getTime() + autoReceiptMinutes * 60_000).toISOString() : null,
    payout: payout && { status: payout.status, detail: payout.detail, updatedAt: payout.updatedAt.toISOString() },
  };
}
