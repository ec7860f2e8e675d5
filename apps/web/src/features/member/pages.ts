/** The member centre pages of §2, in menu order, with the module that switches each one. */
import { MODULES, type ModuleId } from '@lobby/contract';
import type { IconName } from '@/components/icons';

export type MemberPageId =
  | 'securityCenter' | 'transferFund' | 'depositv2' | 'withdraw' | 'transferUpline' | 'personalHistoryCopy'
  | 'transactionHistory' | 'personalProfit' | 'bonusDetails' | 'rewardCenter' | 'referral'
  | 'missionLeaderboard' | 'messageV2'
  | 'vip'
  | 'feedback'
  | 'responsible'
  | 'verification';

export interface MemberPageDef {
  id: MemberPageId;
  icon: IconName;
  module?: ModuleId;
  /** Hidden on single-wallet brands (no game wallets to move money between). */
  multiWalletOnly?: boolean;
  /** Which unread badge the menu item shows. */
  badge?: 'promo' | 'mission' | 'message';
  group: 'account' | 'cashier' | 'records' | 'more';
}

export const DEFAULT_PAGE: MemberPageId = 'securityCenter';

export const MEMBER_PAGES: readonly MemberPageDef[] = [
  { id: 'securityCenter', icon: 'shield', group: 'account' },
  { id: 'responsible', icon: 'clock', module: MODULES.member, group: 'account' },
  { id: 'verification', icon: 'shield', module: MODULES.member, group: 'account' },
  { id: 'depositv2', icon: 'wallet', module: MODULES.deposit, group: 'cashier' },
  { id: 'withdraw', icon: 'download', module: MODULES.withdraw, group: 'cashier' },
  { id: 'transferFund', icon: 'refresh', module: MODULES.transfer, multiWalletOnly: true, group: 'cashier' },
  { id: 'transferUpline', icon: 'userPlus', module: MODULES.transferUpline, group: 'cashier' },
  { id: 'personalHistoryCopy', icon: 'gamepad', module: MODULES.games, group: 'records' },
  { id: 'transactionHistory', icon: 'receipt', module: MODULES.wallet, group: 'records' },
  { id: 'personalProfit', icon: 'trophy', module: MODULES.wallet, group: 'records' },
  { id: 'bonusDetails', icon: 'gift', module: MODULES.wallet, group: 'records' },
  { id: 'rewardCenter', icon: 'star', module: MODULES.promotions, badge: 'promo', group: 'more' },
  { id: 'referral', icon: 'userPlus', module: MODULES.referral, group: 'more' },
  { id: 'missionLeaderboard', icon: 'flame', module: MODULES.missions, badge: 'mission', group: 'more' },
  { id: 'messageV2', icon: 'bell', module: MODULES.inbox, badge: 'message', group: 'more' },
  { id: 'vip', icon: 'crown', module: MODULES.vip, group: 'more' },
  { id: 'feedback', icon: 'chat', module: MODULES.feedback, group: 'more' },
];

export function isMemberPage(v: string | null | undefined): v is MemberPageId {
  return !!v && MEMBER_PAGES.some((p) => p.id === v);
}

/** Which pages the menu shows for the brand's modules and wallet mode. */
export function visiblePages(modules: Set<string>, isSingleWallet: boolean | undefined): MemberPageDef[] {
  return MEMBER_PAGES.filter((p) => (!p.module || modules.has(p.module)) && !(p.multiWalletOnly && isSingleWallet !== false));
}

/** The page asked for by `?page=` (or the older `?tab=`), else the hash, else the default. */
export function requestedPage(search: URLSearchParams, hash: string): string {
  return search.get('page') ?? search.get('tab') ?? (hash.replace(/^#/, '') || DEFAULT_PAGE);
}
