/**
 * Inbox hooks (messageV2) built from the contract. The unread count feeds the header badge and
 * refreshes live: the balance socket's `inbox` event invalidates every inbox query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inbox, MODULES } from '@lobby/contract';
import { call } from '@/lib/api';
import { useSession } from '@/features/session';
import { useModuleEnabled } from '@/lib/system';
import { inboxKeys } from './keys';

export { inboxKeys };

/** Unread messages of a real (non-trial) member; `enabled` false for visitors and trials. */
export function useUnreadCount(): { enabled: boolean; count: number } {
  const session = useSession();
  const on = useModuleEnabled(MODULES.inbox);
  const enabled = on && session.loggedIn && !session.trial && !session.pending;
  const q = useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: ({ signal }) => call(inbox.unreadCount, { signal }),
    enabled,
    staleTime: 60_000,
  });
  return { enabled, count: enabled ? q.data?.count ?? 0 : 0 };
}

export function useMessages(page: number) {
  return useQuery({
    queryKey: inboxKeys.list(page),
    queryFn: ({ signal }) => call(inbox.listMessages, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}
