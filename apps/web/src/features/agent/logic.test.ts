import { describe, expect, it } from 'vitest';
import { MODULES } from '@lobby/contract';
import { NO_FILTERS, chartValue, downlineQuery, filtersError, hasFilters, nicknameError, niceScale } from './logic';
import { currentPage, visibleMenu } from './pages';
import { tiersError, toTierInputs, type TierDraft } from './contracts/tiers';

describe('downline filters', () => {
  it('leave empty fields out and trim the account', () => {
    expect(downlineQuery(NO_FILTERS, 1)).toEqual({ scope: 'direct', pageNo: 1 });
    expect(downlineQuery({ scope: 'all', account: '  play ', type: 'member', registeredFrom: '2026-11-01', registeredTo: '' }, 3))
      .toEqual({ scope: 'all', account: 'play', type: 'member', registeredFrom: '2026-11-01', pageNo: 3 });
  });
  it('refuse a start after the end; know when any filter is set', () => {
    expect(filtersError({ ...NO_FILTERS, registeredFrom: '2026-11-02', registeredTo: '2026-11-01' })).toBe('order');
    expect(filtersError({ ...NO_FILTERS, registeredFrom: '2026-11-01', registeredTo: '2026-11-01' })).toBeNull();
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, scope: 'all' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, account: ' ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, type: 'agent' })).toBe(true);
  });
});

describe('nickname rule', () => {
  it('1 to 32 characters after trimming, counted as characters not UTF-16 units', () => {
    expect(nicknameError('   ')).toBe('required');
    expect(nicknameError('x'.repeat(32))).toBeNull();
    expect(nicknameError('x'.repeat(33))).toBe('tooLong');
    expect(nicknameError('😀'.repeat(32))).toBeNull();
  });
});

describe('chart scale', () => {
  it('rounds the top up to 4 nice steps', () => {
    expect(niceScale([0, 3, 7])).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale([1234.5])).toEqual({ max: 2000, ticks: [0, 500, 1000, 1500, 2000] });
    expect(niceScale([0.3])).toEqual({ max: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
    expect(niceScale([0, 0])).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale([])).toEqual({ max: 1, ticks: [0, 1] });
  });
  it('reads money strings', () => {
    expect(chartValue('1,234.50')).toBe(1234.5);
    expect(chartValue('x')).toBe(0);
  });
});

describe('agent menu', () => {
  const modules = new Set<string>([MODULES.deposit, MODULES.games]);
  const available = new Set(['agentTeamOverview', 'downlineManagmentView', 'teamBetting', 'personalHistoryCopy'] as const);
  it('shows what is switched on and built; customer service only with a link', () => {
    const ids = visibleMenu({ modules, available }).map((i) => i.id);
    expect(ids).toEqual(['deposit', 'agentTeamOverview', 'downlineManagmentView', 'teamBetting', 'personalHistoryCopy', 'agentAnnouncement']);
    expect(visibleMenu({ modules: new Set([MODULES.inbox]), available }).map((i) => i.id)).toContain('platformMessages');
    expect(visibleMenu({ modules, available, customerService: 'https://t.me/x' }).map((i) => i.id)).toContain('customerService');
    expect(visibleMenu({ modules: new Set(), available }).map((i) => i.id)).not.toContain('personalHistoryCopy');
  });
  it('falls back to the team overview for unknown or hidden pages', () => {
    const shown = visibleMenu({ modules, available });
    expect(currentPage('teamBetting', shown)).toBe('teamBetting');
    expect(currentPage('registerCenter', shown)).toBe('agentTeamOverview');
    expect(currentPage('deposit', shown)).toBe('agentTeamOverview');
    expect(currentPage(null, shown)).toBe('agentTeamOverview');
  });
});

describe('contract offer tiers', () => {
  const tier = (over: Partial<TierDraft> = {}): TierDraft => ({ minimumBet: '1000', netLoss: '0', activeMember: '1', rateType: 'P', rate: '1.5', ...over });
  it('accept ascending tiers and build the body (net loss for dividends only, percent where only percent is allowed)', () => {
    const ts = [tier(), tier({ minimumBet: '5000', activeMember: '3', rateType: 'F', rate: '80' })];
    expect(tiersError('daily', ts)).toBeNull();
    expect(toTierInputs('daily', ts)).toEqual([
      { minimumBet: '1000', activeMember: 1, rateType: 'P', rate: '1.5' },
      { minimumBet: '5000', activeMember: 3, rateType: 'F', rate: '80' },
    ]);
    expect(toTierInputs('realtime', ts)[1].rateType).toBe('P');
    expect(toTierInputs('dividend', [tier({ netLoss: '200' })])[0]).toMatchObject({ netLoss: '200', rateType: 'P' });
  });
  it('point at the first bad tier and field', () => {
    expect(tiersError('daily', [tier({ minimumBet: '' })])).toEqual({ index: 0, field: 'minimumBet', key: 'amount' });
    expect(tiersError('daily', [tier({ minimumBet: '1.234' })])).toMatchObject({ key: 'amount' });
    expect(tiersError('dividend', [tier({ netLoss: '-1' })])).toEqual({ index: 0, field: 'netLoss', key: 'amount' });
    expect(tiersError('daily', [tier({ activeMember: '1.5' })])).toMatchObject({ field: 'activeMember', key: 'members' });
    expect(tiersError('daily', [tier({ rate: '0' })])).toMatchObject({ field: 'rate', key: 'rate' });
    expect(tiersError('daily', [tier({ rate: '100.01' })])).toMatchObject({ key: 'percentMax' });
    expect(tiersError('daily', [tier({ rate: '100.01', rateType: 'F' })])).toBeNull();
    expect(tiersError('realtime', [tier({ rate: '100.01', rateType: 'F' })])).toMatchObject({ key: 'percentMax' });
    expect(tiersError('daily', [tier(), tier({ minimumBet: '999' })])).toEqual({ index: 1, field: 'minimumBet', key: 'order' });
    expect(tiersError('daily', [tier(), tier()])).toMatchObject({ index: 1, key: 'order' });
    expect(tiersError('daily', [tier(), tier({ activeMember: '2' })])).toBeNull();
  });
});
