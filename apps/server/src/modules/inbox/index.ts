/** Inbox: members' messages (from upline, support, operator, security notices). */
export { deliverMessage } from './service.ts';
export type { Audience } from './queries.ts';
