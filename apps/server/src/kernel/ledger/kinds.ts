import type { wallet } from '@lobby/contract';

/** Posting kinds this module writes. */
export const KIND = {
  transfer: 'transfer',
  recall: 'transfer_recall',
  upline: 'transfer_upline',
  downline: 'agent_transfer',
  trialGrant: 'trial_grant',
} as const;

/**
 * THE table from ledger posting kinds to the code types of the transaction history
 * (`ODSFE2_MemTransDet`). Domains that post money add their kinds here; a kind that is not
 * listed shows as `other`.
 */
export const CODE_TYPE_OF_KIND: Readonly<Record<string, wallet.CodeType>> = {
  deposit: 'deposit',
  deposit_manual: 'deposit',
  deposit_chargeback: 'deposit',
  withdraw: 'withdraw',
  withdraw_hold: 'withdraw',
  withdraw_reject: 'withdraw',
  withdraw_pay: 'withdraw',
  withdraw_refund: 'withdraw',
  withdraw_fee: 'withdraw',
  bet: 'betting',
  rollback: 'betting',
  win: 'winning',
  dividend: 'dividend',
  betting_rebate: 'betting_rebate',
  agent_rebate: 'agent_rebate',
  bonus: 'share_bonus',
  deposit_bonus: 'share_bonus',
  promotion: 'share_bonus',
  mission_reward: 'share_bonus',
  daily_wage: 'daily_wage',
  hour_wage: 'hour_wage',
  realtime_wage: 'hour_wage',
  referral_rebate: 'referral_rebate',
  red_envelope: 'share_bonus',
  red_envelope_send: 'transfer',
  red_envelope_refund: 'transfer',
  points_convert: 'share_bonus',
  points_voucher: 'share_bonus',
  [KIND.transfer]: 'transfer',
  [KIND.recall]: 'transfer',
  [KIND.upline]: 'transfer',
  [KIND.downline]: 'transfer',
  [KIND.trialGrant]: 'other',
};

export const codeTypeOf = (kind: string): wallet.CodeType => CODE_TYPE_OF_KIND[kind] ?? 'other';

/** Every kind with a code type of its own (i.e. not `other`). */
export const KNOWN_KINDS = Object.keys(CODE_TYPE_OF_KIND).filter((k) => CODE_TYPE_OF_KIND[k] !== 'other');

/** The kinds that make up the selected code types; `other` means "no known code type". */
export function kindFilter(codeTypes: readonly wallet.CodeType[]): { kinds: string[]; other: boolean } {
  const want = new Set(codeTypes);
  return { kinds: KNOWN_KINDS.filter((k) => want.has(CODE_TYPE_OF_KIND[k])), other: want.has('other') };
}

/** Game play kinds read by personal profit and loss (written by the games issue, with meta.gameType). */
export const PLAY_KINDS = { bet: 'bet', win: 'win', rollback: 'rollback' } as const;
