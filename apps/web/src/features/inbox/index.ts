/** The public face of the inbox feature: what other features and app/ may import (issue 19). */
// Loaders of its lazily loaded pages (import() stays here: each page keeps its own chunk).
export const loadInboxPage = () => import('./InboxPage');
export { useUnreadCount } from './api';
export { useSendMessage } from './mutations';
export { inboxKeys } from './keys';
