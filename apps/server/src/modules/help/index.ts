/** Help centre articles. Other modules import this module only through this file. */
export { helpRoutes } from './routes.ts';
export { seedHelp } from './seed.ts';
