import type { FastifyInstance } from 'fastify';
import { games as contract, MODULES } from '@lobby/contract';
import type { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import { countLaunch } from './plays.ts';
import { recordRecent } from './recent.ts';
import { checkLogin } from '../responsible/index.ts';
import { runPlayGates } from './gates.ts';
import { openGameSession } from '../seamless-wallet/index.ts';

type LaunchBody = z.output<typeof contract.launchBody>;

/**
 * POST /wps/game/launchGame. The game must be in the brand's catalog under the vendor and
 * category sent (game.not.found). Real play (accountType 1): a logged-in member
 * (customer.not.login) with a real account (in_need_true_account). Free play (accountType 0):
 * no login needed, the game offers a trial (supportPlay 0, else game.trial.unavailable) and the
 * brand has FREEPLAY3 (function.not.available); the vendor gets no member, so only play money
 * is used. A vendor in maintenance answers game_maintenance. After the vendor answers, a real
 * account's launch (free play too) moves the game to the top of their recent games, and every launch counts as a play.
 */
export async function launchGame(app: FastifyInstance, brand: Brand, principal: Principal | null, body: LaunchBody, lang: Lang) {
  const catalog = await app.catalogs.get(brand);
  const g = catalog.game(body.nodeId);
  if (!g || g.vendor.code !== body.vassalage || g.gameType !== body.gameType) throw new AppError('game.not.found');
  const trial = body.accountType === contract.ACCOUNT_TYPE.free;
  let member: Principal['member'] | null = null;
  if (trial) {
    if (!brand.modules.has(MODULES.freePlay)) throw new AppError('function.not.available');
    if (g.supportPlay !== 0) throw new AppError('game.trial.unavailable');
  } else {
    if (!principal) throw new AppError('customer.not.login');
    member = requireRealAccount(principal).member;
    await checkLogin(app.db, brand, member.id); // responsible gaming: no play during a break
    await runPlayGates(app.db, brand, member.id); // kyc: the age gate on real play
  }
  if (g.vendor.maintenance) throw new AppError('game_maintenance');
  // Real play: a launch token bound to member, brand, vendor, game and currency (and to this
  // lobby session), which the vendor gets in the launch URL and must send with every bet.
  const session = member && principal
    ? await openGameSession(app.db, {
      merchantId: brand.id, memberId: member.id, sessionId: principal.sessionId, vendorCode: g.vendor.code,
      nodeId: g.nodeId, gameCode: g.gameCode, currency: brand.config.currency.code,
    })
    : null;
  const { url } = await app.vendorLauncher.launch({
    brand,
    vendor: g.vendor.code,
    nodeId: g.nodeId,
    gameType: g.gameType,
    gameName: g.name[lang],
    member: member ? { id: member.id, account: member.username } : null,
    language: lang,
    currency: brand.config.currency.code,
    backUrl: body.backUrl,
    gameToken: session?.token ?? null,
  });
  // A real account's free-play launch is a recent game too; a trial account keeps no list.
  const player = principal && !principal.isTrial ? principal.member : null;
  await Promise.all([
    player ? recordRecent(app.db, brand, player.id, g) : undefined,
    countLaunch(app.db, brand.id, g.nodeId),
  ]);
  return { content: { game_url: url }, trial };
}
