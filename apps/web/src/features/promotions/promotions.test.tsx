/** Promotions page and reward centre: the §4 labels and their buttons, the filter, the detail by hash, claiming. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { promotions as P } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';
import { labelView } from './labels';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
afterEach(() => vi.unstubAllGlobals());

const rule: P.Rule = { kind: 'deposit', period: 'daily', bps: 2000, maxBonus: '500.00', minDeposit: '100.00', minValidBet: '0.00', fixedAmount: '0.00', turnoverMultiple: 5, withinDays: 0, gameTypes: [], prizes: [] };
const mine = (label: P.Label, amount = '0.00'): P.Mine => ({ label, amount, basis: '0.00', turnoverRequired: '0.00', periodKey: 'D2026-11-23', rank: null });
const promo = (id: number, over: Partial<P.Promotion> = {}): P.Promotion => ({
  id: String(id), title: `Promo ${id}`, summary: `Resumen ${id}`, category: 'deposit', image: '/wps/announcements/art/welcome.svg',
  startsAt: '2020-01-01T00:00:00Z', endsAt: null, rule, mine: null, ...over,
});

describe('label logic', () => {
  it('maps each label to its tone and button', () => {
    const v = (label: P.Label, kind: P.RuleKind = 'deposit') => labelView(promo(1, { mine: mine(label), rule: { ...rule, kind } }));
    expect(v('join')).toMatchObject({ tone: 'action', action: 'join' });
    expect(v('join', 'appDownload')).toMatchObject({ action: 'apply' });
    expect(v('claim')).toMatchObject({ tone: 'action', action: 'claim' });
    expect(v('issued')).toMatchObject({ tone: 'action', action: 'claim' });
    for (const l of ['applying', 'process', 'joined'] as const) expect(v(l)).toMatchObject({ tone: 'pending', action: null });
    expect(v('claimed')).toMatchObject({ tone: 'done', action: null });
    expect(v('rejected')).toMatchObject({ tone: 'bad', action: null });
    for (const l of ['comingSoon', 'closed'] as const) expect(v(l)).toMatchObject({ tone: 'muted', action: null });
    // visitors: log in on running promotions, the dates decide the others
    expect(labelView(promo(1))).toMatchObject({ label: null, action: 'login' });
    expect(labelView(promo(1, { startsAt: '2999-01-01T00:00:00Z' }))).toMatchObject({ label: 'comingSoon', action: null });
    expect(labelView(promo(1, { endsAt: '2021-01-01T00:00:00Z' }))).toMatchObject({ label: 'closed', action: null });
  });
});

describe('promotions page', () => {
  it('lists promotions for a visitor, filters by type and opens the detail from the hash with sanitised rules', async () => {
    const server = fakeServer({
      'GET /wps/relay/PROMOFE_getPromotions': (c) => ok({
        list: c.query.get('type') === 'live' ? [promo(3, { category: 'live', title: 'Reembolso en vivo' })] : [promo(1), promo(3, { category: 'live', title: 'Reembolso en vivo' })],
        categories: ['all', 'deposit', 'live'],
      }),
      'GET /wps/relay/PROMOFE_getPromotion': () => ok({ ...promo(1), content: '<p>Reglas</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' }),
    });
    renderApp({ route: '/promotions' });
    expect(await screen.findAllByTestId('promo-card')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /Inicie sesión para participar/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('tab', { name: 'En vivo' }));
    await waitFor(() => expect(screen.getAllByTestId('promo-card')).toHaveLength(1));
    expect(server.calls.some((c) => c.query.get('type') === 'live')).toBe(true);
    fireEvent.click(screen.getAllByTestId('promo-card')[0].querySelector('.promo-card__more')!);
    const detail = await screen.findByTestId('promo-detail');
    expect(within(detail).getByText('Reglas')).toBeTruthy();
    expect(detail.querySelector('img[onerror]')).toBeNull();
    expect(detail.querySelector('script')).toBeNull();
    expect(within(detail).getByTestId('promo-facts').textContent).toContain('20%');
  });
});

describe('reward centre', () => {
  it('shows each label with its button; claiming calls the server once and shows claimed', async () => {
    let claimed = false;
    const server = fakeServer({
      'GET /wps/relay/PROMOFE_getRewardCenter': () => ok({
        list: [
          promo(1, { mine: claimed ? mine('claimed', '50.00') : mine('claim', '50.00') }),
          promo(2, { mine: mine('joined') }),
          promo(3, { mine: mine('applying'), rule: { ...rule, kind: 'appDownload' } }),
          promo(4, { mine: mine('rejected') }),
          promo(5, { mine: mine('comingSoon'), startsAt: '2999-01-01T00:00:00Z' }),
        ],
        availableCount: claimed ? 0 : 1,
      }),
      'GET /wps/relay/PROMOFE_getClaimList': () => ok({ list: [] }),
      'POST /wps/relay/PROMOFE_claim': () => {
        claimed = true;
        return ok(mine('claimed', '50.00'));
      },
      'GET /wps/member/info': () => ok(memberFixture()),
      'GET /wps/v2/wallets/balance': () => ok({ sumBalance: '0.00', currency: 'MXN', currencySymbol: '$', balance: [] }),
    });
    const base = statusFixture();
    const status = statusFixture({ info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [{ modId: 'PROMO3', enabled: true, childrenNodes: [] }] }] } });
    renderApp({ route: '/member?page=rewardCenter', token: 't1', member: memberFixture({ availablePromoCount: 1 }), status });
    const items = await screen.findAllByTestId('reward-item');
    // claim speaks through its button; the other labels show as chips
    expect(within(items[0]).queryByTestId('promo-label')).toBeNull();
    expect(within(items[0]).getByTestId('promo-action').textContent).toContain('Reclamar');
    const labels = items.slice(1).map((i) => within(i).getByTestId('promo-label').textContent);
    expect(labels).toEqual(['Inscrito', 'Solicitando', 'Rechazado', 'Próximamente']);
    expect(items.map((i) => within(i).queryByTestId('promo-action')?.getAttribute('data-action') ?? null)).toEqual(['claim', null, null, null, null]);
    expect(screen.getByTestId('reward-available').textContent).toBe('1 para reclamar');
    const button = within(items[0]).getByTestId('promo-action');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(within(screen.getAllByTestId('reward-item')[0]).getByTestId('promo-label').textContent).toBe('Reclamado'));
    expect(server.count('POST /wps/relay/PROMOFE_claim')).toBe(1);
  });
});
