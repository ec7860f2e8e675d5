/**
 * Wallet and cashier hooks built from the contract (component -> hook -> api client).
 * Mutations invalidate exactly what they change; every money movement also refreshes the
 * balance and member info (the header), which the socket push normally does first.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cashier, payments, wallet, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys, useToken } from '@/features/session';
import { cashierKeys, walletKeys } from './keys';
import type { DayRange } from '@/lib/amounts';

export { cashierKeys, walletKeys };

/** How often open records (pending deposits, pending or paid withdrawals) are read again. */
export const LIVE_RECORDS_MS = 8_000;

function refreshMoney(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: walletKeys.balance() });
  void qc.invalidateQueries({ queryKey: memberKeys.info() });
  void qc.invalidateQueries({ queryKey: [...walletKeys.all, 'transactions'] });
}

// ---- Wallet -------------------------------------------------------------------------------

export function useBalance() {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => call(wallet.getBalance, { signal }),
    enabled: !!token,
    staleTime: 15_000,
  });
}

/** Merchant wallet (§4: cached for the session). */
export function useMerchantWallet() {
  return useQuery({
    queryKey: walletKeys.merchantWallet(),
    queryFn: ({ signal }) => call(wallet.merchantWallet, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useWalletTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.walletTransfer>) => call(wallet.walletTransfer, { body }),
    onSettled: () => refreshMoney(qc),
  });
}

export function useRecallAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(wallet.recallAll, { body: { requestId } }),
    onSettled: () => refreshMoney(qc),
  });
}

export function useTransferUpline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.transferUpline>) => call(wallet.transferUpline, { body }),
    onSettled: () => refreshMoney(qc),
  });
}

export interface TransactionQuery extends DayRange { codeTypes: string[]; page: number }

export function useTransactions(q: TransactionQuery, enabled = true) {
  return useQuery({
    queryKey: walletKeys.transactions(q),
    queryFn: ({ signal }) =>
      call(wallet.transactionHistory, {
        signal,
        query: { startDate: q.startDate, endDate: q.endDate, page: q.page, codeTypes: q.codeTypes.length ? q.codeTypes.join(',') : undefined },
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function usePersonalProfit(q: DayRange, enabled = true) {
  return useQuery({
    queryKey: walletKeys.profit(q),
    queryFn: ({ signal }) => call(wallet.personalProfit, { signal, query: q }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBonusDetails(q: DayRange & { page: number }, enabled = true) {
  return useQuery({
    queryKey: walletKeys.bonus(q),
    queryFn: ({ signal }) => call(wallet.bonusDetails, { signal, query: q }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

// ---- Deposit ------------------------------------------------------------------------------

export function useDepositMethods() {
  return useQuery({
    queryKey: cashierKeys.depositMethods(),
    queryFn: ({ signal }) => call(cashier.getDepositMethods, { signal }),
    staleTime: 5 * 60_000,
  });
}

export interface RecordQuery extends DayRange { page: number; status?: string }

export function useDepositOrders(q: RecordQuery, enabled = true) {
  return useQuery({
    queryKey: cashierKeys.deposits(q),
    queryFn: ({ signal }) => call(cashier.listDepositOrders, { signal, query: q as never }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.list.some((o) => o.status === 'pending') ? LIVE_RECORDS_MS : false),
  });
}

export function useCreateDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cashier.createDepositOrder>) => call(cashier.createDepositOrder, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.deposits() }),
  });
}

export function useCancelDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => call(cashier.cancelDepositOrder, { body: { orderNo } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.deposits() }),
  });
}

/** Channels paid through a provider's hosted checkout (instant credit). */
export function useInstantChannels() {
  return useQuery({
    queryKey: [...cashierKeys.depositMethods(), 'instant'],
    queryFn: ({ signal }) => call(payments.instantChannels, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Opens the provider checkout of an order (the same order answers the same checkout). */
export function useOpenCheckout() {
  return useMutation({ mutationFn: (orderNo: string) => call(payments.openCheckout, { body: { orderNo } }) });
}

const SETTLED = new Set(['paid', 'failed', 'expired', 'refunded', 'charged_back']);
/** The state of a deposit after the checkout: read every second until the provider's answer is in. */
export function useDepositResult(orderNo: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...cashierKeys.deposits(), 'result', orderNo],
    queryFn: async ({ signal }) => {
      const r = await call(payments.depositResult, { signal, query: { orderNo } });
      if (r.orderStatus === 'confirmed') refreshMoney(qc);
      return r;
    },
    enabled: !!orderNo,
    refetchInterval: (q) => (q.state.data && (q.state.data.orderStatus !== 'pending' || SETTLED.has(q.state.data.paymentStatus ?? '')) ? false : 1_000),
  });
}

// ---- Withdrawal password, accounts, withdrawals ------------------------------------------

export function usePaymentPassword() {
  return useQuery({
    queryKey: cashierKeys.paymentPassword(),
    queryFn: ({ signal }) => call(cashier.getPaymentPassword, { signal }),
  });
}

export function useSetPaymentPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cashier.setPaymentPassword>) => call(cashier.setPaymentPassword, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: cashierKeys.paymentPassword() });
      void qc.invalidateQueries({ queryKey: cashierKeys.withdrawSettings() });
    },
  });
}

export function useWithdrawAccounts() {
  return useQuery({
    queryKey: cashierKeys.withdrawAccounts(),
    queryFn: ({ signal }) => call(cashier.listWithdrawAccounts, { signal }),
  });
}

export function useBindWithdrawAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cashier.bindWithdrawAccount>) => call(cashier.bindWithdrawAccount, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: cashierKeys.withdrawAccounts() });
      void qc.invalidateQueries({ queryKey: cashierKeys.withdrawSettings() });
    },
  });
}

export function useWithdrawSettings() {
  return useQuery({
    queryKey: cashierKeys.withdrawSettings(),
    queryFn: ({ signal }) => call(cashier.getWithdrawSettings, { signal }),
    staleTime: 5_000,
  });
}

export function useWithdrawals(q: RecordQuery, enabled = true) {
  return useQuery({
    queryKey: cashierKeys.withdrawals(q),
    queryFn: ({ signal }) => call(cashier.listWithdrawals, { signal, query: q as never }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    // Paying a withdrawal moves no member money (no balance push): poll while one is open.
    refetchInterval: (query) => (query.state.data?.list.some((w) => w.status === 'pending' || w.status === 'paid') ? LIVE_RECORDS_MS : false),
  });
}

export function useRequestWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cashier.requestWithdrawal>) => call(cashier.requestWithdrawal, { body }),
    onSettled: () => {
      refreshMoney(qc);
      void qc.invalidateQueries({ queryKey: cashierKeys.withdrawSettings() });
      void qc.invalidateQueries({ queryKey: cashierKeys.withdrawals() });
    },
  });
}

export function useConfirmWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cashier.confirmWithdrawal>) => call(cashier.confirmWithdrawal, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.withdrawals() }),
  });
}
