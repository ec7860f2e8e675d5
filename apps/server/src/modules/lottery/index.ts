/** Lottery: games, draws, bets, settlement and voids. Other modules import this module only through this file. */
export { drawJob } from './job.ts';
export { lotteryRoutes } from './routes.ts';
export { resultsFeedJob } from './official-routes.ts';
export { type PrizeMode } from './rules.ts';
