/** Inbox: members' messages (from upline, support, operator, security notices). Other modules import this module only through this file. */
export { deliverMessage } from './service.ts';
export type { Audience } from './queries.ts';
export * as inboxQueries from './queries.ts';
export { unreadCount } from './queries.ts';
export { inboxRoutes } from './routes.ts';
