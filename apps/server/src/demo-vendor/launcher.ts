import type { GameType } from '@lobby/contract';
import type { Brand } from '../plugins/merchant.ts';

/**
 * How the platform opens a game at a vendor (server to server). The platform has checked login,
 * account kind, maintenance and the catalog; the vendor answers the URL the player's browser
 * opens (in the game popup or on the /seamless page). Implemented by the demo vendor for every
 * vendor code of the demo catalog (demo-vendor); a real vendor integration implements the same.
 */
export interface LaunchRequest {
  brand: Brand;
  vendor: string;
  nodeId: string;
  gameType: GameType;
  gameName: string;
  /** null = free play (play money kept by the vendor, never the real wallet). */
  member: { id: bigint; account: string } | null;
  language: string;
  currency: string;
  backUrl?: string;
  /**
   * Real play: the launch token of the game session the platform opened (seamless-wallet
   * openGameSession); the vendor sends it with every bet. null for free play.
   */
  gameToken?: string | null;
}

/**
 * Demo products that are their own vendor apps (sportsbook, cockfight) open their games of a
 * category here; the demo vendor's launch hands a request of that category to the one registered.
 * Each registers from its own plugin (`registerCategoryLauncher`).
 */
export type CategoryLaunch = (req: LaunchRequest) => Promise<{ url: string }>;
const categoryLaunchers = new WeakMap<object, Map<GameType, CategoryLaunch>>();

export function registerCategoryLauncher(app: object, gameType: GameType, fn: CategoryLaunch): void {
  let m = categoryLaunchers.get(app);
  if (!m) categoryLaunchers.set(app, (m = new Map()));
  m.set(gameType, fn);
}

export function categoryLauncher(app: object, gameType: GameType): CategoryLaunch | undefined {
  return categoryLaunchers.get(app)?.get(gameType);
}

export interface VendorLauncher {
  /** Throws AppError('game_maintenance') when the vendor cannot offer this game. */
  launch(req: LaunchRequest): Promise<{ url: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens games at their vendor (the demo vendor plugin decorates it). */
    vendorLauncher: VendorLauncher;
  }
}
