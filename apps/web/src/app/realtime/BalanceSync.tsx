/**
 * Mounted once in the app: while a session token exists, loads the realtime module (and
 * socket.io-client) on demand and keeps the balance live. Renders nothing.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToken } from '@/features/session';
import { getMerchant } from '@/lib/storage';

export function BalanceSync() {
  const token = useToken();
  const qc = useQueryClient();
  useEffect(() => {
    if (!token || import.meta.env.MODE === 'test') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./realtime')
      .then((m) => {
        if (!cancelled) stop = m.connectBalanceSocket(qc, { token, merchant: getMerchant() });
      })
      .catch(() => {
        /* offline or chunk failure: the balance still refreshes on demand */
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, qc]);
  return null;
}
