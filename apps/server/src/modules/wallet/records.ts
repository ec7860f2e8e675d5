import { wallet } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { CODE_TYPE_OF_KIND, codeTypeOf, formatAmount, kindFilter, KNOWN_KINDS, memberBalances, PLAY_KINDS } from '../../kernel/ledger/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';
import * as q from './queries.ts';

const { RECORDS_PAGE_SIZE, CODE_TYPES, BONUS_CODE_TYPES, MAIN_WALLET } = wallet;

/** "deposit,withdraw" -> code types; unknown names are `request_param_err`; empty = all. */
export function parseCodeTypes(raw: string | undefined): wallet.CodeType[] | null {
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return null;
  for (const n of names) if (!(CODE_TYPES as readonly string[]).includes(n)) throw new AppError('request_param_err', undefined, { fields: ['querystring.codeTypes'] });
  return names as wallet.CodeType[];
}

type Row = Awaited<ReturnType<typeof q.statementPage>>['rows'][number];
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function toRow(r: Row): wallet.TransactionRow {
  return {
    txId: String(r.postingId),
    txTypeName: codeTypeOf(r.kind),
    orderNo: str(r.meta.orderNo) || str(r.meta.requestId) || r.idemKey,
    remark: str(r.meta.remark),
    txTime: r.createdAt.toISOString(),
    amount: formatAmount(r.amount),
    balance: formatAmount(r.balanceAfter),
  };
}

async function accountIds(db: Db, brand: Brand, memberId: bigint, wallets: (w: string) => boolean) {
  return (await memberBalances(db, brand.id, memberId)).filter((a) => wallets(a.wallet)).map((a) => a.id);
}

async function statement(db: Db, brand: Brand, ids: bigint[], range: { from: Date; to: Date }, types: readonly wallet.CodeType[] | null, page: number) {
  if (ids.length === 0) return { list: [], page, total: 0, totalPages: 0, sum: 0n };
  const kinds = types ? { ...kindFilter(types), known: KNOWN_KINDS } : null;
  const r = await q.statementPage(db, { accountIds: ids, ...range, kinds }, RECORDS_PAGE_SIZE, (page - 1) * RECORDS_PAGE_SIZE);
  return { list: r.rows.map(toRow), page, total: r.total, totalPages: Math.ceil(r.total / RECORDS_PAGE_SIZE), sum: r.sum };
}

/** Transaction history of the main wallet (ODSFE2_MemTransDet). */
export async function transactionHistory(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string; codeTypes?: string; page: number }) {
  requireRealAccount(p);
  const range = dayRange(brand, query.startDate, query.endDate);
  const types = parseCodeTypes(query.codeTypes);
  const ids = await accountIds(db, brand, p.member.id, (w) => w === MAIN_WALLET);
  const { sum: _sum, ...out } = await statement(db, brand, ids, range, types, query.page);
  return out;
}

/** Bonuses, rebates, wages and dividends into the main or bonus wallet, with their total. */
export async function bonusDetails(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string; page: number }) {
  requireRealAccount(p);
  const range = dayRange(brand, query.startDate, query.endDate);
  const ids = await accountIds(db, brand, p.member.id, (w) => w === MAIN_WALLET || w === 'bonus');
  const { sum, ...out } = await statement(db, brand, ids, range, BONUS_CODE_TYPES, query.page);
  return { ...out, totalAmount: formatAmount(sum) };
}

const BONUS_TYPES = new Set<string>(BONUS_CODE_TYPES);
const pl = (bet: bigint, win: bigint) => ({ bet: formatAmount(bet), win: formatAmount(win), profit: formatAmount(win - bet) });

/**
 * Personal profit and loss: bets, wins and rollbacks (written by the games issue with
 * meta.gameType) per local day and game type, plus deposit, withdraw and bonus totals.
 */
export async function personalProfit(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string }): Promise<wallet.PersonalProfitValue> {
  requireRealAccount(p);
  const range = dayRange(brand, query.startDate, query.endDate);
  const rows = await q.memberTotalsByDay(db, brand.id, p.member.id, range.from, range.to, brand.config.gmtOffsetMinutes);
  const days = new Map<string, { date: string; gameType: string; bet: bigint; win: bigint }>();
  const cats = new Map<string, { bet: bigint; win: bigint }>();
  let deposit = 0n, withdraw = 0n, bonus = 0n;
  for (const r of rows) {
    if (r.kind === PLAY_KINDS.bet || r.kind === PLAY_KINDS.win || r.kind === PLAY_KINDS.rollback) {
      const gameType = r.gameType || 'OTHER';
      const key = `${r.day}|${gameType}`;
      const d = days.get(key) ?? { date: r.day, gameType, bet: 0n, win: 0n };
      const c = cats.get(gameType) ?? { bet: 0n, win: 0n };
      // bets debit the member (negative), rollbacks give a bet back, wins credit
      if (r.kind === PLAY_KINDS.win) { d.win += r.amount; c.win += r.amount; } else { d.bet -= r.amount; c.bet -= r.amount; }
      days.set(key, d);
      cats.set(gameType, c);
      continue;
    }
    const type = CODE_TYPE_OF_KIND[r.kind];
    if (type === 'deposit') deposit += r.amount;
    else if (type === 'withdraw') withdraw -= r.amount;
    else if (type && BONUS_TYPES.has(type)) bonus += r.amount;
  }
  const dayList = [...days.values()].sort((a, b) => (a.date === b.date ? a.gameType.localeCompare(b.gameType) : a.date < b.date ? 1 : -1));
  const catList = [...cats].sort(([a], [b]) => a.localeCompare(b));
  const bet = catList.reduce((s, [, c]) => s + c.bet, 0n);
  const win = catList.reduce((s, [, c]) => s + c.win, 0n);
  return {
    days: dayList.map((d) => ({ date: d.date, gameType: d.gameType, ...pl(d.bet, d.win) })),
    categories: catList.map(([gameType, c]) => ({ gameType, ...pl(c.bet, c.win) })),
    totals: { ...pl(bet, win), deposit: formatAmount(deposit), withdraw: formatAmount(withdraw), bonus: formatAmount(bonus) },
  };
}
