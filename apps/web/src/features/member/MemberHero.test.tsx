/** The member-centre hero: the VIP label shows once (the strip's badge), not also as a tag beside the name. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { vip as V } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const vipStatus: V.VipStatus = {
  level: 1, label: 'VIP1', totals: { deposit: '500.00', validBet: '20.00' },
  next: { level: 2, label: 'VIP2', depositPercent: 50, validBetPercent: 0, depositNeeded: '500.00', validBetNeeded: '4980.00' },
  levels: [
    { level: 0, label: 'VIP0', minDeposit: '0.00', minValidBet: '0.00', reward: '0.00', rewardStatus: 'none' },
    { level: 1, label: 'VIP1', minDeposit: '100.00', minValidBet: '10.00', reward: '5.00', rewardStatus: 'claimed' },
    { level: 2, label: 'VIP2', minDeposit: '1000.00', minValidBet: '5000.00', reward: '50.00', rewardStatus: 'locked' },
  ],
  claimableCount: 0,
};

function vipBrand() {
  const base = statusFixture();
  return statusFixture({ info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [{ modId: 'VIP3', enabled: true, childrenNodes: [] }] }] } });
}

describe('member hero', () => {
  it('shows the VIP label once, in the VIP strip', async () => {
    fakeServer({
      'GET /wps/member/info': () => ok(memberFixture({ vip: true, vipLabel: 'VIP1', rankLevel: 1 })),
      'GET /wps/v2/wallets/balance': () => ok({ sumBalance: '0.00', currency: 'MXN', currencySymbol: '$', balance: [] }),
      'GET /wps/relay/VIPFE_getVip': () => ok(vipStatus),
    });
    const { container } = renderApp({ route: '/member', token: 't1', member: memberFixture({ vip: true, vipLabel: 'VIP1', rankLevel: 1 }), status: vipBrand() });
    const strip = await screen.findByTestId('vip-strip');
    const hero = container.querySelector('.member-hero')!;
    expect(hero.contains(strip)).toBe(true);
    await waitFor(() => expect(hero.textContent).toContain('VIP2'));
    expect(hero.textContent!.match(/VIP1/g)).toHaveLength(1);
  });
});
