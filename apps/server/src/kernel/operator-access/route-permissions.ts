/**
 * THE table of operator routes: the permission each one needs. Every route under
 * /wps/operator/ (the older API: service key or console session) and /wps/ops/ (the console) is
 * here; the access hook refuses a route missing from it, and the authorisation walk test fails
 * on one. `self`: the handler checks the caller itself (login has none yet; logging out of an
 * ended session is fine).
 */
import type { operator } from '@lobby/contract';

export type RouteRule = operator.Permission | 'self';

export const OPERATOR_PREFIXES = ['/wps/operator/', '/wps/ops/'] as const;

export const isOperatorPath = (url: string) => OPERATOR_PREFIXES.some((p) => url.startsWith(p));

export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRule>> = {
  // know your customer and risk (issue 26): modules/kyc/console.ts
  'GET /wps/ops/kyc/queue': 'people.view',
  'GET /wps/ops/kyc/member': 'people.view',
  'GET /wps/ops/kyc/document/:id': 'people.view',
  'POST /wps/ops/kyc/decide': 'people.manage',
  'GET /wps/ops/kyc/settings': 'people.view',
  'POST /wps/ops/kyc/settings': 'settings.manage',
  'GET /wps/ops/risk/member': 'people.view',
  'GET /wps/ops/risk/withdrawals': 'finance.view',
  'POST /wps/ops/risk/review': 'finance.withdraw',
  'GET /wps/ops/aml/flags': 'finance.view',
  'GET /wps/ops/aml/flags.csv': 'finance.view',
  'POST /wps/ops/aml/decide': 'finance.withdraw',
  // older operator API
  'GET /wps/operator/deposit/orders': 'finance.view',
  'POST /wps/operator/deposit/confirm': 'finance.deposit',
  'POST /wps/operator/deposit/reject': 'finance.deposit',
  'GET /wps/operator/withdraw/list': 'finance.view',
  'POST /wps/operator/withdraw/pay': 'finance.withdraw',
  'POST /wps/operator/withdraw/reject': 'finance.withdraw',
  // a contract paid by the house is a money rule of the brand: owner only
  'POST /wps/operator/agentContracts/offer': 'finance.rules',
  'POST /wps/operator/agentContracts/terminate': 'finance.rules',
  'GET /wps/operator/affiliate/settings': 'finance.view',
  'POST /wps/operator/affiliate/settings': 'finance.rules',
  'GET /wps/operator/affiliate/banners': 'content.manage',
  'POST /wps/operator/affiliate/banners/save': 'content.manage',
  'POST /wps/operator/affiliate/banners/delete': 'content.manage',
  'POST /wps/operator/lottery/draw-now': 'lottery.manage',
  'POST /wps/operator/lottery/void': 'lottery.manage',
  'GET /wps/operator/announcements': 'content.manage',
  'POST /wps/operator/announcements/create': 'content.manage',
  'POST /wps/operator/announcements/update': 'content.manage',
  'POST /wps/operator/announcements/delete': 'content.manage',
  'POST /wps/operator/inbox/send': 'people.manage',
  'GET /wps/operator/inbox/support': 'people.view',
  'GET /wps/operator/promotions/applications': 'content.manage',
  'POST /wps/operator/promotions/create': 'content.manage',
  'POST /wps/operator/promotions/enabled': 'content.manage',
  // approving an application pays its bonus
  'POST /wps/operator/promotions/review': 'finance.adjust',
  'GET /wps/operator/feedback': 'people.view',
  'POST /wps/operator/feedback/reply': 'people.manage',
  'PUT /wps/operator/feedback/settings': 'settings.manage',
  'GET /wps/operator/points/redemptions': 'content.manage',
  'POST /wps/operator/points/review': 'content.manage',
  'POST /wps/operator/points/rewards': 'content.manage',
  // paid from the bonus pool
  'POST /wps/operator/redEnvelope/create': 'finance.adjust',

  // console
  'POST /wps/ops/login': 'self',
  'GET /wps/ops/me': 'dashboard.view',
  'POST /wps/ops/logout': 'self',
  'GET /wps/ops/operators': 'operators.manage',
  'POST /wps/ops/operators/create': 'operators.manage',
  'POST /wps/ops/operators/update': 'operators.manage',
  'GET /wps/ops/sessions': 'dashboard.view',
  'POST /wps/ops/sessions/end': 'dashboard.view',
  'GET /wps/ops/audit': 'audit.view',
  'GET /wps/ops/audit.csv': 'audit.view',
  'GET /wps/ops/dashboard': 'dashboard.view',
  'GET /wps/ops/finance/rules': 'finance.view',
  'POST /wps/ops/finance/rules': 'finance.rules',
  'POST /wps/ops/finance/deposit/confirm': 'finance.deposit',
  'POST /wps/ops/finance/deposit/reject': 'finance.deposit',
  'POST /wps/ops/finance/withdraw/approve': 'finance.withdraw',
  'GET /wps/ops/finance/withdraw/approvals': 'finance.view',
  'POST /wps/ops/finance/withdraw/reject': 'finance.withdraw',
  'POST /wps/ops/finance/adjust': 'finance.adjust',
  'GET /wps/ops/finance/reconcile': 'finance.view',
  // payments through providers (issue 22)
  'GET /wps/ops/payments/channels': 'finance.view',
  'POST /wps/ops/payments/channels': 'finance.rules',
  'POST /wps/ops/payments/payout-provider': 'finance.rules',
  'GET /wps/ops/payments/deposits': 'finance.view',
  'GET /wps/ops/payments/deposits.csv': 'finance.view',
  'GET /wps/ops/payments/withdrawals': 'finance.view',
  'GET /wps/ops/payments/withdrawals.csv': 'finance.view',
  'POST /wps/ops/payments/reconcile': 'finance.view',
  'GET /wps/ops/payments/reconciliation': 'finance.view',
  'POST /wps/ops/payments/reconciliation/resolve': 'finance.adjust',
  'GET /wps/ops/people': 'people.view',
  'GET /wps/ops/people/detail': 'people.view',
  'POST /wps/ops/people/status': 'people.manage',
  'POST /wps/ops/people/reset-password': 'people.manage',
  'POST /wps/ops/people/end-sessions': 'people.manage',
  'GET /wps/ops/people/tree': 'people.view',
  'POST /wps/ops/people/move': 'people.manage',
  'GET /wps/ops/games/vendors': 'games.manage',
  'POST /wps/ops/games/vendors/update': 'games.manage',
  'GET /wps/ops/games': 'games.manage',
  'POST /wps/ops/games/update': 'games.manage',
  'POST /wps/ops/games/bulk': 'games.manage',
  'POST /wps/ops/games/import': 'games.manage',
  'GET /wps/ops/responsible': 'people.view',
  'POST /wps/ops/responsible/limits': 'people.manage',
  'POST /wps/ops/responsible/break': 'people.manage',
  'POST /wps/ops/responsible/lift': 'people.manage',
  'GET /wps/ops/lottery/games': 'lottery.manage',
  'GET /wps/ops/lottery/draws': 'lottery.manage',
  'POST /wps/ops/lottery/void': 'lottery.manage',
  'POST /wps/ops/lottery/draw-now': 'lottery.manage',
  'POST /wps/ops/lottery/result': 'lottery.manage',
  'POST /wps/ops/lottery/result/discard': 'lottery.manage',
  'POST /wps/ops/lottery/result/import': 'lottery.manage',
  'GET /wps/ops/content/announcements': 'content.manage',
  'POST /wps/ops/content/announcements/save': 'content.manage',
  'POST /wps/ops/content/announcements/enabled': 'content.manage',
  'POST /wps/ops/content/announcements/delete': 'content.manage',
  'POST /wps/ops/content/banners/order': 'content.manage',
  'POST /wps/ops/content/banners/image': 'content.manage',
  'GET /wps/ops/content/promotions': 'content.manage',
  'POST /wps/ops/content/promotions/save': 'content.manage',
  'GET /wps/ops/content/help': 'content.manage',
  'POST /wps/ops/content/help/save': 'content.manage',
  'POST /wps/ops/content/help/delete': 'content.manage',
  'GET /wps/ops/settings': 'settings.manage',
  'POST /wps/ops/settings/modules': 'settings.manage',
  'POST /wps/ops/settings/languages': 'settings.manage',
  'POST /wps/ops/settings/register': 'settings.manage',
  'POST /wps/ops/settings/access': 'settings.manage',
  'POST /wps/ops/settings/contact': 'settings.manage',
  'POST /wps/ops/settings/thresholds': 'settings.manage',
  'GET /wps/ops/rewards/missions': 'content.manage',
  'POST /wps/ops/rewards/missions': 'content.manage',
  'POST /wps/ops/rewards/missions/enabled': 'content.manage',
  'GET /wps/ops/rewards/points': 'content.manage',
  'POST /wps/ops/rewards/points': 'content.manage',
  'POST /wps/ops/rewards/points/enabled': 'content.manage',
  'GET /wps/ops/rewards/redemptions': 'content.manage',
  'POST /wps/ops/rewards/redemptions/review': 'content.manage',
  'GET /wps/ops/rewards/vip': 'content.manage',
  'POST /wps/ops/rewards/vip': 'content.manage',
  // game aggregators (modules/aggregators/console.ts): connecting one is a money partner (owner); importing its games is games work
  'GET /wps/ops/aggregators': 'games.manage',
  'POST /wps/ops/aggregators/save': 'settings.manage',
  'POST /wps/ops/aggregators/import': 'games.manage',
  // seamless-wallet credentials: who may move members' money (owner)
  'GET /wps/ops/seamless/credentials': 'settings.manage',
  'POST /wps/ops/seamless/credentials/create': 'settings.manage',
  'POST /wps/ops/seamless/credentials/revoke': 'settings.manage',
};

/** Routes about console sessions themselves: a service key has none, so it is refused there. */
export const SESSION_ONLY: ReadonlySet<string> = new Set(['GET /wps/ops/me', 'GET /wps/ops/sessions', 'POST /wps/ops/sessions/end']);

/** The rule of a registered route ("HEAD" asks what GET does); undefined = not in the table. */
const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
export const ruleOf = (method: string, url: string): RouteRule | undefined => ROUTE_PERMISSIONS[keyOf(method, url)];
export const sessionOnly = (method: string, url: string): boolean => SESSION_ONLY.has(keyOf(method, url));
