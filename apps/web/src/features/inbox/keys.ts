/** Query keys of the inbox (the socket's `inbox` event invalidates `inboxKeys.all`). */
export const inboxKeys = {
  all: ['inbox'] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
  list: (page: number) => [...inboxKeys.all, 'list', page] as const,
};
