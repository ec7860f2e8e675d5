/**
 * CSV exports of the agent reports (issue 25 item 6): each report is read through its own service
 * call (same authorisation, same filters), page by page, and streamed to the client as it comes:
 * a big team's export never sits in memory whole. Cells are spreadsheet-safe: a cell that starts
 * with = + - @ (or a tab / carriage return) gets a leading apostrophe, so Excel, LibreOffice and
 * Google Sheets show it as text instead of running it as a formula.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { affiliate } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import * as service from './service.ts';
import * as reports from './reports.ts';
import { linksReport } from './links.ts';

type Query = { report: (typeof affiliate.EXPORT_REPORTS)[number]; startDate?: string; endDate?: string; scope?: 'direct' | 'all'; account?: string;
  type?: 'agent' | 'member'; registeredFrom?: string; registeredTo?: string; codeTypes?: string; campaign?: string; subId?: string };
type Cell = string | number | boolean | null | undefined;

/** One CSV cell: formula-looking text neutralised, then quoted when it needs it (RFC 4180). */
export function csvCell(v: Cell): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

const PAGE = 100;
const MAX_PAGES = Math.ceil(affiliate.EXPORT_MAX_ROWS / PAGE);

function range(q: Query) {
  if (!q.startDate || !q.endDate) throw new AppError('request_param_err', undefined, { fields: ['query.startDate', 'query.endDate'] });
  return { startDate: q.startDate, endDate: q.endDate };
}

/** The report's header and its rows, page by page. */
async function* rowsOf(db: Db, brand: Brand, p: Principal, q: Query): AsyncGenerator<Cell[]> {
  switch (q.report) {
    case 'overview': {
      const v = await service.teamOverview(db, brand, p, range(q));
      yield ['day', 'registrations', 'firstDeposits', 'firstBets', 'activeMembers', 'bettors', 'betAmount', 'validBet', 'win', 'profit', 'deposits', 'withdrawals'];
      for (const d of v.days) yield [d.day, d.registrations, d.firstDeposits, d.firstBets, d.activeMembers, d.bettors, d.betAmount, d.validBet, d.win, d.profit, d.deposits, d.withdrawals];
      return;
    }
    case 'downlines': {
      yield ['account', 'nickname', 'isAgent', 'level', 'parentAccount', 'balance', 'teamSize', 'online', 'registeredAt', 'lastLoginAt'];
      for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
        const v = await service.downlineList(db, brand, p, { scope: q.scope ?? 'direct', account: q.account, type: q.type, registeredFrom: q.registeredFrom, registeredTo: q.registeredTo, pageNo, pageSize: PAGE });
        for (const r of v.list) yield [r.account, r.nickname, r.isAgent, r.level, r.parentAccount, r.balance, r.teamSize, r.online, r.registeredAt, r.lastLoginAt];
        if (pageNo >= v.totalPages) return;
      }
      return;
    }
    case 'betting': {
      yield ['account', 'directAgent', 'bets', 'betAmount', 'validBet', 'win', 'profit'];
      for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
        const v = await service.teamBetting(db, brand, p, { ...range(q), account: q.account, pageNo, pageSize: PAGE });
        for (const r of v.list) yield [r.account, r.directAgent, r.bets, r.betAmount, r.validBet, r.win, r.profit];
        if (pageNo >= v.totalPages) return;
      }
      return;
    }
    case 'pl': {
      yield ['account', 'isAgent', 'level', 'members', 'deposits', 'withdrawals', 'betAmount', 'validBet', 'profit', 'bonus', 'salary', 'dividend', 'net'];
      for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
        const v = await reports.profitLoss(db, brand, p, { ...range(q), scope: q.scope ?? 'direct', pageNo, pageSize: PAGE });
        for (const r of v.list) yield [r.account, r.isAgent, r.level, r.members, r.deposits, r.withdrawals, r.betAmount, r.validBet, r.profit, r.bonus, r.salary, r.dividend, r.net];
        if (pageNo >= v.totalPages) return;
      }
      return;
    }
    case 'transactions': {
      if (!q.account) throw new AppError('request_param_err', undefined, { fields: ['query.account'] });
      yield ['time', 'account', 'type', 'orderNo', 'remark', 'amount', 'balance'];
      for (let page = 1; page <= MAX_PAGES * 10; page++) {
        const v = await reports.downlineTransactions(db, brand, p, { ...range(q), account: q.account, codeTypes: q.codeTypes, page });
        for (const r of v.list) yield [r.txTime, r.account, r.txTypeName, r.orderNo, r.remark, r.amount, r.balance];
        if (page >= v.totalPages) return;
      }
      return;
    }
    case 'links': {
      const v = await linksReport(db, brand, p, { ...range(q), campaign: q.campaign, subId: q.subId });
      yield ['code', 'remark', 'campaign', 'subId', 'clicks', 'registrations', 'ftds', 'deposits', 'validBet', 'ggr', 'bonus', 'ngr'];
      for (const r of v.list) yield [r.code, r.remark, r.campaign, r.subId, r.clicks, r.registrations, r.ftds, r.deposits, r.validBet, r.ggr, r.bonus, r.ngr];
    }
  }
}

/**
 * Streams the export. The header and the first page's first row are read before any byte is
 * sent, so a refused call (not an agent, bad range, unknown account) still answers its error as JSON.
 */
export async function exportCsv(db: Db, brand: Brand, p: Principal, q: Query, reply: FastifyReply): Promise<void> {
  requireAgent(p);
  const it = rowsOf(db, brand, p, q);
  const head: Cell[][] = [];
  for (let i = 0; i < 2; i++) {
    const n = await it.next();
    if (n.done) break;
    head.push(n.value);
  }
  async function* lines() {
    yield '\uFEFF';
    for (const row of head) yield csvLine(row);
    for await (const row of it) yield csvLine(row);
  }
  const name = `${q.report}${q.startDate ? `-${q.startDate}-${q.endDate}` : ''}.csv`;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff', 'cache-control': 'no-store',
  });
  Readable.from(lines()).on('error', () => res.destroy()).pipe(res);
}
