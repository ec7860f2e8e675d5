import { wallet } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { brandAccount, formatAmount, KIND, memberAccount, memberBalances, postAlone } from '../../kernel/ledger/index.ts';
import { notifyBalances as notify, type WalletEvents } from '../../kernel/live/index.ts';
import type { ContractFlagsOf } from '../session/index.ts';

const { ACCOUNT_TYPE, GAME_WALLET_PREFIX, MAIN_WALLET } = wallet;

const isGame = (w: string) => w.startsWith(GAME_WALLET_PREFIX);

/**
 * The member's wallets as the wire shows them: main first (always, 0.00 before any money),
 * bonus if it exists, then game wallets by vendor (on single-wallet brands only leftovers).
 */
export async function walletList(db: Db, brand: Brand, memberId: bigint) {
  const rows = await memberBalances(db, brand.id, memberId);
  const single = brand.config.wallet.singleWallet;
  let sum = 0n;
  let main = 0n;
  const list: wallet.WalletBalance[] = [];
  const games: wallet.WalletBalance[] = [];
  for (const r of rows) {
    sum += r.balance;
    if (r.wallet === MAIN_WALLET) main = r.balance;
    else if (r.wallet === 'bonus') list.push({ accountTypeId: ACCOUNT_TYPE.bonus, availBalance: formatAmount(r.balance), wallet: r.wallet, name: 'bonus' });
    else if (isGame(r.wallet) && (!single || r.balance !== 0n)) {
      games.push({ accountTypeId: ACCOUNT_TYPE.game, availBalance: formatAmount(r.balance), wallet: r.wallet, name: r.wallet.slice(GAME_WALLET_PREFIX.length) });
    }
  }
  games.sort((a, b) => a.name.localeCompare(b.name));
  list.unshift({ accountTypeId: ACCOUNT_TYPE.main, availBalance: formatAmount(main), wallet: MAIN_WALLET, name: MAIN_WALLET });
  return { sum, main, list: [...list, ...games], games };
}

export async function balance(db: Db, brand: Brand, p: Principal): Promise<wallet.BalanceValue> {
  const w = await walletList(db, brand, p.member.id);
  return { sumBalance: formatAmount(w.sum), currency: brand.config.currency.code, currencySymbol: brand.config.currency.symbol, balance: w.list };
}

/** What the balance push carries. */
export async function balancePush(db: Db, brand: Brand, memberId: bigint): Promise<wallet.BalancePush> {
  const w = await walletList(db, brand, memberId);
  return { sumBalance: formatAmount(w.sum), balance: w.list };
}

/** The main wallet balance of member info ("1234.50"). */
export async function mainBalance(db: Db, brand: Brand, memberId: bigint): Promise<string> {
  const rows = await memberBalances(db, brand.id, memberId);
  return formatAmount(rows.find((r) => r.wallet === MAIN_WALLET)?.balance ?? 0n);
}

const singleCache = new WeakMap<Brand, { isSingle: boolean }>();
/** From the brand config held in memory (a reloaded brand is a new object). */
export function merchantWallet(brand: Brand) {
  let v = singleCache.get(brand);
  if (!v) singleCache.set(brand, (v = { isSingle: brand.config.wallet.singleWallet }));
  return v;
}

/**
 * Consolidated funds. The contract parts (pending offers and existing contracts) belong to the
 * agent issue: until it lands they are empty. The funds part is real.
 */
export async function consolidated(db: Db, brand: Brand, p: Principal, contractFlags: ContractFlagsOf): Promise<wallet.ConsolidatedValue> {
  requireRealAccount(p);
  const [w, flags] = await Promise.all([walletList(db, brand, p.member.id), contractFlags(db, brand, p.member.id)]);
  return { ...flags, funds: { main: formatAmount(w.main), games: w.games, total: formatAmount(w.sum) } };
}

/** Play money for a new trial account (brand.config.wallet.trialBalance), once per member. */
export async function grantTrialBalance(db: Db, brand: Brand, memberId: bigint, events?: WalletEvents): Promise<void> {
  const amount = BigInt(brand.config.wallet.trialBalance);
  if (amount <= 0n) return;
  const from = await brandAccount(db, brand.id, 'play_money', String(memberId));
  const to = await memberAccount(db, brand.id, memberId, MAIN_WALLET);
  const r = await postAlone(db, {
    merchantId: brand.id, kind: KIND.trialGrant, idemKey: `trial_grant:${memberId}`, memberId,
    lines: [{ account: from, amount: -amount }, { account: to, amount }], meta: { remark: 'trial' },
  });
  if (r.applied) await notify(events, brand, memberId);
}
