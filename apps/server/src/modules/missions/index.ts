/** Missions and members' activity totals. Other modules import this module only through this file. */
export { type Activity, lifetime } from './activity.ts';
export { missionsRoutes } from './routes.ts';
