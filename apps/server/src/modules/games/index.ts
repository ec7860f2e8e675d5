/** Game catalog, launch, favourites, recent games, winners and betting records. Other modules import this module only through this file. */
export { demoCatalog } from './demo-catalog.ts';
export { importCatalog, type CatalogFile } from './import.ts';
export { gamesRoutes } from './routes.ts';
export { registerPlayGate } from './gates.ts';
