/**
 * The balance push (§2 "socket event listener (logged in)", issue 4): socket.io on the site's
 * origin, path /socket.io, auth {token, merchant}. Each `balance` event updates the TanStack
 * Query cache of the balance and of member info (the header), so open pages change without a
 * reload. Loaded with import() by <BalanceSync/> only when logged in: socket.io-client never
 * weighs on the home page's first load.
 */
import { io, type Socket } from 'socket.io-client';
import type { QueryClient } from '@tanstack/react-query';
import { inbox, redEnvelope, wallet } from '@lobby/contract';
import { inboxKeys } from '@/features/inbox';
import { redEnvelopeKeys } from '@/features/red-envelope';
import { memberKeys } from '@/features/session';
import { cashierKeys, walletKeys } from '@/features/wallet';

type Balance = wallet.BalanceValue;
type Push = wallet.BalancePush;
type MemberInfo = { balance: string };

/** Apply one push to the cache (exported for tests). */
export function applyBalancePush(qc: QueryClient, push: Push): void {
  const main = push.balance.find((b) => b.accountTypeId === wallet.ACCOUNT_TYPE.main || b.wallet === wallet.MAIN_WALLET);
  qc.setQueryData<Balance>(walletKeys.balance(), (old) => (old ? { ...old, sumBalance: push.sumBalance, balance: push.balance } : old));
  if (main) qc.setQueryData<MemberInfo>(memberKeys.info(), (old) => (old ? { ...old, balance: main.availBalance } : old));
  // Screens that show money move with it: statement, withdraw settings, deposit and withdraw records.
  void qc.invalidateQueries({ queryKey: [...walletKeys.all, 'transactions'] });
  void qc.invalidateQueries({ queryKey: cashierKeys.withdrawSettings() });
  void qc.invalidateQueries({ queryKey: cashierKeys.deposits() });
  void qc.invalidateQueries({ queryKey: cashierKeys.withdrawals() });
}

/** Connect and keep the cache in step; returns a function that disconnects. */
export function connectBalanceSocket(qc: QueryClient, auth: { token: string; merchant: string | null }): () => void {
  const socket: Socket = io(window.location.origin, {
    path: wallet.SOCKET_PATH,
    auth: { token: auth.token, merchant: auth.merchant ?? '' },
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 10_000,
  });
  socket.on(wallet.SOCKET_EVENTS.balance, (push: Push) => applyBalancePush(qc, push));
  // Inbox (issue 7): a new message refreshes the unread badge and the open list.
  socket.on(inbox.SOCKET_EVENT, () => void qc.invalidateQueries({ queryKey: inboxKeys.all }));
  // Red envelopes: one sent to the member shows at once (not at the next 30 s check).
  socket.on(redEnvelope.SOCKET_EVENT, () => void qc.invalidateQueries({ queryKey: redEnvelopeKeys.all }));
  // After a reconnect a push may have been missed: read the balance again.
  socket.io.on('reconnect', () => {
    void qc.invalidateQueries({ queryKey: walletKeys.balance() });
    void qc.invalidateQueries({ queryKey: memberKeys.info() });
  });
  socket.on('connect_error', (err) => {
    // A refused session is final for this token (the HTTP side opens the login popup).
    if (err.message === 'customer.not.login') socket.disconnect();
  });
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
