import type { FastifyInstance } from 'fastify';
import { wallet } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { ensureBrandAccounts } from '../../kernel/ledger/index.ts';
import { deps, flagsOf } from '../session/index.ts';
import * as records from './records.ts';
import * as service from './service.ts';
import * as transfers from './transfers.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function walletRoutes(app: FastifyInstance) {
  deps(app).trialFunding = (db, brand, memberId) => service.grantTrialBalance(db, brand, memberId);
  await ensureBrandAccounts(app.db);
  const events = () => app.walletEvents;
  route(app, wallet.getBalance, async ({ brand, principal }) => service.balance(app.db, brand, principal));
  route(app, wallet.merchantWallet, async ({ brand }) => service.merchantWallet(brand));
  route(app, wallet.consolidatedFunds, async ({ brand, principal }) => service.consolidated(app.db, brand, principal, flagsOf(app)));

  route(app, wallet.walletTransfer, async ({ brand, principal, body }) => transfers.transfer(app.db, brand, principal, body, events()), PER_MINUTE(120));
  route(app, wallet.recallAll, async ({ brand, principal, body }) => transfers.recallAll(app.db, brand, principal, body.requestId, events()), PER_MINUTE(30));
  route(app, wallet.transferUpline, async ({ brand, principal, body }) => transfers.transferToUpline(app.db, brand, principal, body, events()), PER_MINUTE(30));
  route(app, wallet.agentTransfer, async ({ brand, principal, body }) => transfers.agentTransfer(app.db, brand, principal, body, events()), PER_MINUTE(60));

  route(app, wallet.transactionHistory, async ({ brand, principal, query }) => records.transactionHistory(app.db, brand, principal, query));
  route(app, wallet.personalProfit, async ({ brand, principal, query }) => records.personalProfit(app.db, brand, principal, query));
  route(app, wallet.bonusDetails, async ({ brand, principal, query }) => records.bonusDetails(app.db, brand, principal, query));
}
