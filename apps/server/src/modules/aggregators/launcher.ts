/**
 * Games of an aggregator's vendors open at the aggregator: the platform's launcher (the demo
 * vendor's, app.vendorLauncher) is wrapped so such a launch asks the aggregator for the game URL
 * with the member's launch token (real play, opened by games/launch.ts through seamless-wallet)
 * or in demo mode (free play). Every other vendor goes on to the wrapped launcher.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import { ADAPTERS } from './hub88.ts';
import { aggregatorOfVendor, connectionOf } from './store.ts';

export function wrapLauncher(app: FastifyInstance) {
  const inner = app.vendorLauncher.launch.bind(app.vendorLauncher);
  app.vendorLauncher.launch = async (req) => {
    const cfg = await aggregatorOfVendor(app.db, req.brand.id, req.vendor);
    if (!cfg) return inner(req);
    const game = (await app.catalogs.get(req.brand)).game(req.nodeId);
    if (!game) throw new AppError('game.not.found');
    if (req.member && !req.gameToken) throw new AppError('aggregator.launch.failed');
    try {
      const conn = await connectionOf(app.db, req.brand.id, cfg, app.config.BRAND_KEY_PASSPHRASE);
      const url = await ADAPTERS[cfg.kind as keyof typeof ADAPTERS].gameUrl(conn, {
        gameCode: game.gameCode,
        player: req.member ? { user: req.member.account, token: req.gameToken! } : null,
        currency: req.currency,
        lang: req.language.toLowerCase(),
        mobile: false,
        lobbyUrl: req.backUrl && /^https:\/\//.test(req.backUrl) ? req.backUrl : undefined,
      });
      return { url };
    } catch (err) {
      app.log.warn({ err, aggregator: cfg.code, vendor: req.vendor, nodeId: req.nodeId }, 'aggregator launch failed');
      throw new AppError('aggregator.launch.failed');
    }
  };
}
