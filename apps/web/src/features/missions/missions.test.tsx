/** Missions and leaderboard page, the member-centre mission badge and the VIP page: progress, claims once, own rank. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { missions as M, vip as V } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
afterEach(() => vi.unstubAllGlobals());

const mission = (id: number, over: Partial<M.Mission> = {}): M.Mission => ({
  id: String(id), kind: 'validBet', period: 'daily', title: `Misión ${id}`, target: '10.00', progress: '6.50', percent: 65, reward: '1.00',
  status: 'progress', periodKey: 'D2026-11-23', endsAt: '2026-11-24T06:00:00.000Z', ...over,
});
const vipStatus = (over: Partial<V.VipStatus> = {}): V.VipStatus => ({
  level: 1, label: 'VIP1', totals: { deposit: '200.00', validBet: '10.00' },
  next: { level: 2, label: 'VIP2', depositPercent: 20, validBetPercent: 0, depositNeeded: '800.00', validBetNeeded: '4990.00' },
  levels: [
    { level: 0, label: 'VIP0', minDeposit: '0.00', minValidBet: '0.00', reward: '0.00', rewardStatus: 'none' },
    { level: 1, label: 'VIP1', minDeposit: '100.00', minValidBet: '10.00', reward: '5.00', rewardStatus: 'claimable' },
    { level: 2, label: 'VIP2', minDeposit: '1000.00', minValidBet: '5000.00', reward: '50.00', rewardStatus: 'locked' },
  ],
  claimableCount: 1, ...over,
});
const modules = (ids: string[]) => {
  const base = statusFixture();
  return statusFixture({ info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: ids.map((modId) => ({ modId, enabled: true, childrenNodes: [] })) }] } });
};
const common = {
  'GET /wps/member/info': () => ok(memberFixture({ vip: true, vipLabel: 'VIP1', rankLevel: 1 })),
  'GET /wps/v2/wallets/balance': () => ok({ sumBalance: '0.00', currency: 'MXN', currencySymbol: '$', balance: [] }),
};

describe('missions and leaderboard', () => {
  it('shows progress by period, the badge, claims once and shows claimed; the leaderboard shows the caller rank', async () => {
    let claimed = false;
    const server = fakeServer({
      ...common,
      'GET /wps/relay/MISSIONFE_getSummary': () => ok({
        list: [mission(1), mission(2, { kind: 'deposits', period: 'weekly', title: 'Deposite una vez', target: '1', progress: '1', percent: 100, status: claimed ? 'claimed' : 'claimable', reward: '5.00' }),
          mission(3, { period: 'milestone', endsAt: null, periodKey: 'once', title: 'Hito' })],
        claimableCount: claimed ? 0 : 1,
      }),
      'POST /wps/relay/MISSIONFE_claim': () => {
        claimed = true;
        return ok(mission(2, { status: 'claimed' }));
      },
      'GET /wps/relay/MISSIONFE_getLeaderboard': (c) => ok({
        period: c.query.get('period'), periodKey: 'D2026-11-23', endsAt: '2026-11-24T06:00:00.000Z',
        list: [{ rank: 1, name: 'pl***01', validBet: '350.00', me: false }, { rank: 2, name: 'ca***xy', validBet: '300.00', me: true }],
        mine: { rank: 2, validBet: '300.00' },
      }),
      'GET /wps/relay/VIPFE_getVip': () => ok(vipStatus()),
    });
    renderApp({ route: '/member?page=missionLeaderboard', token: 't1', member: memberFixture(), status: modules(['MISSION3', 'VIP3']) });
    const cards = await screen.findAllByTestId('mission');
    expect(cards.map((c) => c.getAttribute('data-period'))).toEqual(['daily', 'weekly', 'milestone']);
    expect(within(cards[0]).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('65');
    expect(within(cards[0]).getByTestId('mission-progress').textContent).toContain('6.50 de');
    expect(within(cards[0]).queryByTestId('mission-claim')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('badge-missionLeaderboard').textContent).toBe('1'));
    const button = within(cards[1]).getByTestId('mission-claim');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getAllByTestId('mission')[1].getAttribute('data-status')).toBe('claimed'));
    expect(server.count('POST /wps/relay/MISSIONFE_claim')).toBe(1);
    await waitFor(() => expect(screen.getByTestId('badge-missionLeaderboard').textContent).toBe(''));
    const board = screen.getByTestId('leaderboard');
    await waitFor(() => expect(within(board).getAllByTestId('leaderboard-row')).toHaveLength(2));
    expect(within(board).getByTestId('leaderboard-mine').textContent).toContain('#2');
    expect(within(board).getAllByTestId('leaderboard-row')[1].getAttribute('data-me')).toBe('true');
    fireEvent.click(within(board).getByRole('tab', { name: 'Esta semana' }));
    await waitFor(() => expect(server.calls.some((c) => c.query.get('period') === 'weekly')).toBe(true));
    // the VIP strip links to the VIP page
    expect(screen.getAllByTestId('vip-strip')[0].getAttribute('href')).toBe('/member?page=vip');
  }, 20_000);

  it('hides the page and the badge when the brand has no missions', async () => {
    const server = fakeServer({ ...common });
    renderApp({ route: '/member', token: 't1', member: memberFixture(), status: modules(['INBOX3']) });
    await screen.findByTestId('member-balance');
    expect(screen.queryByTestId('badge-missionLeaderboard')).toBeNull();
    expect(server.count('GET /wps/relay/MISSIONFE_getSummary')).toBe(0);
  });
});

describe('VIP page', () => {
  it('shows the level, progress bars and claims a reached level reward once', async () => {
    let claimed = false;
    const server = fakeServer({
      ...common,
      'GET /wps/relay/VIPFE_getVip': () => ok(vipStatus(claimed ? { claimableCount: 0 } : {})),
      'POST /wps/relay/VIPFE_claimReward': () => {
        claimed = true;
        const s = vipStatus({ claimableCount: 0 });
        return ok({ ...s, levels: s.levels.map((l) => (l.level === 1 ? { ...l, rewardStatus: 'claimed' as const } : l)) });
      },
    });
    renderApp({ route: '/member?page=vip', token: 't1', member: memberFixture(), status: modules(['VIP3']) });
    const page = await screen.findByTestId('page-vip');
    expect(within(page).getByTestId('vip-label').textContent).toContain('VIP1');
    expect(within(page).getByTestId('vip-bar-deposit').querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).toBe('20');
    const rows = within(page).getAllByTestId('vip-level');
    expect(rows.map((r) => r.getAttribute('data-reward'))).toEqual(['none', 'claimable', 'locked']);
    const button = within(rows[1]).getByTestId('vip-claim');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(within(page).getAllByTestId('vip-level')[1].getAttribute('data-reward')).toBe('claimed'));
    expect(server.count('POST /wps/relay/VIPFE_claimReward')).toBe(1);
  });
});
