/** The ledger: double-entry postings, member and brand accounts, posting kinds, money parsing and formatting. */
export {
  audit, BRAND_WALLETS, brandAccount, brandWalletBalance, ensureBrandAccounts, LEDGER_SHARDS, ledgerStats, memberAccount, memberBalances,
  post, postAlone, postBatch, type PostResult,
} from './ledger.ts';
export { CODE_TYPE_OF_KIND, codeTypeOf, KIND, KNOWN_KINDS, kindFilter, PLAY_KINDS } from './kinds.ts';
export { formatAmount, parseAmount } from './money.ts';
export { lockMemberAccounts, postingByKey, postingEntries } from './postings.ts';
