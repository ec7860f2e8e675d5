/** Agents and their team: downlines, reports, invite links, the tree and member moves. Other modules import this module only through this file. */
export { type MoveEnded, onMemberMoved } from './move.ts';
export { activeMembers, teamDays } from './queries.ts';
export { settingsOf as affiliateSettingsOf } from './affiliate-console.ts';
export { DEFAULT_ACTIVE_MIN, rollup } from './rollup.ts';
export { agentRoutes } from './routes.ts';
export { downlineOf } from './service.ts';
export { deliver as deliverPostbacks, enqueuePostback } from './postbacks.ts';
export { refreshWindows } from './windows.ts';
