/**
 * The agent centre menu (§2): the items, each a page of the centre, a page of the member centre
 * (deposit, withdraw, platform messages), the announcement popup or the brand's customer-service
 * link, with the module that switches it. User loss is the P&L statement (palStatementsAgentCopy),
 * account details the downline transaction details (agentDownlineTransactionDetailsCopy).
 * Team betting is the original's personalHistoryCopy slot; the agent's own bets (personal
 * history) reuse the member centre's betting record under that id.
 */
import { MODULES, type ModuleId } from '@lobby/contract';
import type { IconName } from '@/components/icons';

export type AgentPageId =
  | 'agentTeamOverview' | 'registerCenter' | 'agentLinks' | 'downlineManagmentView' | 'teamBetting' | 'personalHistoryCopy'
  | 'palStatementsAgentCopy' | 'agentRevenueReport' | 'agentDownlineTransactionDetailsCopy' | 'agentDividendRecordCopy2' | 'agentDailyWages2' | 'agentHourSalary' | 'agentRealtimeSalary';
export type AgentItemId = AgentPageId | 'deposit' | 'withdraw' | 'agentAnnouncement' | 'platformMessages' | 'customerService';

export interface AgentMenuItem {
  id: AgentItemId;
  icon: IconName;
  group: 'cashier' | 'team' | 'reports' | 'salary' | 'help';
  module?: ModuleId;
  /** A link out of the centre (member centre page); customer service is an external link. */
  href?: string;
  /** Opens a popup of the site instead of a page (the announcements). */
  popup?: 'announcement';
}

export const DEFAULT_AGENT_PAGE: AgentPageId = 'agentTeamOverview';

export const AGENT_MENU: readonly AgentMenuItem[] = [
  { id: 'deposit', icon: 'wallet', group: 'cashier', module: MODULES.deposit, href: '/member?page=depositv2' },
  { id: 'withdraw', icon: 'download', group: 'cashier', module: MODULES.withdraw, href: '/member?page=withdraw' },
  { id: 'agentTeamOverview', icon: 'grid', group: 'team' },
  { id: 'registerCenter', icon: 'userPlus', group: 'team' },
  { id: 'agentLinks', icon: 'star', group: 'team' },
  { id: 'downlineManagmentView', icon: 'user', group: 'team' },
  { id: 'teamBetting', icon: 'trophy', group: 'reports' },
  { id: 'personalHistoryCopy', icon: 'receipt', group: 'reports', module: MODULES.games },
  { id: 'palStatementsAgentCopy', icon: 'grid', group: 'reports' },
  { id: 'agentRevenueReport', icon: 'wallet', group: 'reports' },
  { id: 'agentDownlineTransactionDetailsCopy', icon: 'receipt', group: 'reports' },
  { id: 'agentDividendRecordCopy2', icon: 'gift', group: 'salary', module: MODULES.dividend },
  { id: 'agentDailyWages2', icon: 'wallet', group: 'salary', module: MODULES.dailySalary },
  { id: 'agentHourSalary', icon: 'clock', group: 'salary', module: MODULES.hourSalary },
  { id: 'agentRealtimeSalary', icon: 'flame', group: 'salary', module: MODULES.realtimeSalary },
  { id: 'agentAnnouncement', icon: 'bell', group: 'help', popup: 'announcement' },
  { id: 'platformMessages', icon: 'chat', group: 'help', module: MODULES.inbox, href: '/member?page=messageV2' },
  { id: 'customerService', icon: 'headset', group: 'help' },
];

const PAGE_IDS = new Set<string>(AGENT_MENU.filter((it) => !it.href && !it.popup && it.id !== 'customerService').map((it) => it.id));

export function isAgentPage(v: string | null | undefined): v is AgentPageId {
  return !!v && PAGE_IDS.has(v);
}

export interface MenuContext {
  modules: Set<string>;
  /** Pages whose component exists in this build (the register centre comes from its own folder). */
  available: ReadonlySet<AgentPageId>;
  /** The brand's first customer-service link, if any. */
  customerService?: string;
}

/** The items the menu shows: module on, page available, customer service only with a link. */
export function visibleMenu(ctx: MenuContext): AgentMenuItem[] {
  return AGENT_MENU.filter((it) => {
    if (it.module && !ctx.modules.has(it.module)) return false;
    if (it.id === 'customerService') return !!ctx.customerService;
    if (isAgentPage(it.id)) return ctx.available.has(it.id);
    return true;
  });
}

/** The page of `?page=` when it is shown, else the default (team overview). */
export function currentPage(asked: string | null, shown: readonly AgentMenuItem[]): AgentPageId {
  return isAgentPage(asked) && shown.some((it) => it.id === asked) ? asked : DEFAULT_AGENT_PAGE;
}
