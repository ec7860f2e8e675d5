/** Brand configuration the lobby reads, and its console settings. Other modules import this module only through this file. */
export { systemRoutes } from './routes.ts';
