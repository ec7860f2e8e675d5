/** Points: accrual, the rewards mall and redemptions. Other modules import this module only through this file. */
export { accrueAll } from './accrue.ts';
export { rewardArtPath } from './art.ts';
export { pointsRoutes } from './routes.ts';
