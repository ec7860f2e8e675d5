/** Game aggregators (issue 20 item 5): adapters (Hub88), catalog import, launch, console. Other modules import this module only through this file. */
export { aggregatorsPlugin } from './routes.ts';
