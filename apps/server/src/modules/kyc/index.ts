/** Know your customer and risk (issue 26). Other modules import this module only through this file. */
export { kycRoutes } from './routes.ts';
