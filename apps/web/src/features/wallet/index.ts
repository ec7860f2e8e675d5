/** The public face of the wallet feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadBettingRecord = () => import('./components/BettingRecord');
export const loadDepositPage = () => import('./components/DepositPage');
export const loadPaymentReturnPage = () => import('./components/PaymentReturnPage');
export const loadRecordsPages = () => import('./components/RecordsPages');
export const loadTransferPages = () => import('./components/TransferPages');
export const loadWithdrawPage = () => import('./components/WithdrawPage');
export { useBalance, useMerchantWallet, usePaymentPassword } from './api';
export { PaymentPasswordForm } from './components/PaymentPasswordForm';
export { cashierKeys, walletKeys } from './keys';
