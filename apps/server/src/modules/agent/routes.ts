import type { FastifyInstance } from 'fastify';
import { agent, inbox } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { callerOf } from '../session/index.ts';
import * as service from './service.ts';
import { affiliate, agentRegister } from '@lobby/contract';
import { affiliateConsoleRoutes } from './affiliate-console.ts';
import { bannerRoutes } from './banners.ts';
import * as links from './links.ts';
import { exportCsv } from './export.ts';
import * as postbacks from './postbacks.ts';
import { agentConsoleRoutes } from './console.ts';
import { agentSend } from './inbox.ts';
import * as invites from './invites.ts';
import { registerInviteBook } from '../member/index.ts';
import * as reports from './reports.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function agentRoutes(app: FastifyInstance) {
  registerInviteBook(app.db, { find: invites.findInvite, claim: invites.claimInvite, attribute: links.attribute }); // registration codes of invite links
  route(app, agent.teamOverview, async ({ brand, principal, query }) => service.teamOverview(app.db, brand, principal, query));
  route(app, agent.downlineList, async ({ brand, principal, query }) => service.downlineList(app.db, brand, principal, query));
  route(app, agent.setAgent, async ({ brand, principal, body }) => service.setAgent(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, agent.editNickname, async ({ brand, principal, body }) => service.editNickname(app.db, brand, principal, body), PER_MINUTE(60));
  route(app, agent.resetPassword, async ({ brand, principal, body, req }) => service.resetPassword(callerOf(app, brand, req), principal, body), PER_MINUTE(30));
  route(app, agent.teamBetting, async ({ brand, principal, query }) => service.teamBetting(app.db, brand, principal, query));
  route(app, agent.profitLoss, async ({ brand, principal, query }) => reports.profitLoss(app.db, brand, principal, query));
  route(app, agent.downlineTransactions, async ({ brand, principal, query }) => reports.downlineTransactions(app.db, brand, principal, query));
  route(app, inbox.agentSend, async ({ brand, principal, body }) => agentSend(app, brand, principal, body), PER_MINUTE(20));
  // register centre: invite links and downline accounts
  route(app, agentRegister.inviteList, async ({ brand, principal }) => invites.listInvites(app.db, brand, principal));
  route(app, agentRegister.inviteCreate, async ({ brand, principal, body }) => invites.createInvite(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, agentRegister.inviteSetDisabled, async ({ brand, principal, body }) => invites.setInviteDisabled(app.db, brand, principal, body), PER_MINUTE(60));
  route(app, agentRegister.inviteDelete, async ({ brand, principal, body }) => invites.deleteInvite(app.db, brand, principal, body), PER_MINUTE(60));
  route(app, agentRegister.createDownline, async ({ brand, principal, body }) => invites.createDownline(app.db, brand, principal, body), PER_MINUTE(30));
  // tracked links and postbacks (issue 25)
  route(app, affiliate.click, async ({ brand, body, req }) => links.recordClick(app.db, brand, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }, body), PER_MINUTE(60));
  route(app, affiliate.linksReport, async ({ brand, principal, query }) => links.linksReport(app.db, brand, principal, query));
  route(app, affiliate.postbackSettings, async ({ brand, principal }) => postbacks.settings(app.db, brand, principal));
  route(app, affiliate.postbackSave, async ({ brand, principal, body }) => postbacks.save(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, affiliate.exportCsv, async ({ brand, principal, query, reply }) => {
    await exportCsv(app.db, brand, principal, query, reply);
    return '';
  }, PER_MINUTE(20));
  await affiliateConsoleRoutes(app);
  await bannerRoutes(app); // marketing banners (operator and agent)
  // the console's downline tree and member moves (session with people.* permissions)
  await agentConsoleRoutes(app);
}
