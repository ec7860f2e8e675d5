/**
 * The inbox's writes (read, delete, send), apart from the queries in api.ts: the header's unread
 * badge loads with the first screen, these with the inbox page and the live chat only.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inbox, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { inboxKeys } from './keys';

function useInboxMutation<B>(fn: (body: B) => Promise<{ count: number }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (v) => qc.setQueryData(inboxKeys.unread(), { count: v.count }),
    onSettled: () => void qc.invalidateQueries({ queryKey: [...inboxKeys.all, 'list'] }),
  });
}

export const useReadMessages = () => useInboxMutation((body: BodyOf<typeof inbox.readMessages>) => call(inbox.readMessages, { body }));
export const useDeleteMessages = () => useInboxMutation((ids: string[]) => call(inbox.deleteMessages, { body: { ids } }));

export function useSendMessage() {
  return useMutation({ mutationFn: (body: BodyOf<typeof inbox.sendMessage>) => call(inbox.sendMessage, { body }) });
}
