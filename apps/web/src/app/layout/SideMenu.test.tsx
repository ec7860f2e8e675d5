import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { fakeServer, ok } from '@/test/server';

const menu = () => within(document.getElementById('side-menu')!);
const noReferral = () => {
  const s = statusFixture();
  s.info.whitelabel = [{ modId: 'COMM3', enabled: true, childrenNodes: [{ modId: 'REFERRAL3', enabled: false, childrenNodes: [] }] }];
  return s;
};

describe('side menu invite item (§2)', () => {
  it('shows when logged out', () => {
    renderApp({ status: noReferral() });
    expect(menu().getByText('Invitar amigos')).toBeInTheDocument();
  });
  it('shows for a member when REFERRAL3 is on', () => {
    renderApp({ token: 't', member: memberFixture() });
    expect(menu().getByText('Invitar amigos')).toBeInTheDocument();
  });
  it('hides for a member when REFERRAL3 is off', () => {
    renderApp({ token: 't', member: memberFixture(), status: noReferral() });
    expect(menu().queryByText('Invitar amigos')).not.toBeInTheDocument();
  });
  it('hides for an agent even with REFERRAL3 on', () => {
    renderApp({ token: 't', member: memberFixture({ type: 1, isAgent: true }) });
    expect(menu().queryByText('Invitar amigos')).not.toBeInTheDocument();
  });
  it('shows the brand\'s promotions (max 6, each opening its own) plus More, and both download QR links', async () => {
    const promo = (i: number) => ({ id: String(40 + i), title: `Promo ${i}`, summary: '', category: 'deposit', image: '', startsAt: '2020-01-01T00:00:00Z', endsAt: null, rule: {}, mine: null });
    fakeServer({ 'GET /wps/relay/PROMOFE_getPromotions': () => ok({ list: Array.from({ length: 7 }, (_, i) => promo(i + 1)), categories: ['all'] }) });
    renderApp();
    expect(await menu().findByRole('link', { name: 'Promo 1' })).toHaveAttribute('href', '/promotions#41');
    expect(menu().getAllByRole('link', { name: /./ }).filter((a) => a.getAttribute('href')?.startsWith('/promotions#'))).toHaveLength(6);
    expect(menu().queryByRole('link', { name: 'Promo 7' })).toBeNull();
    expect(menu().getByRole('link', { name: /Más/ })).toHaveAttribute('href', '/promotions');
    expect(screen.getByRole('img', { name: 'Código QR para descargar la app de iOS' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Código QR para descargar la app de Android' })).toBeInTheDocument();
  });
  it('header balance has 2 decimals and thousands separators, and hides as ***', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    renderApp({ token: 't', member: memberFixture({ balance: '1234567.5' }) });
    const balance = screen.getByTestId('balance');
    expect(balance).toHaveTextContent('$ 1,234,567.50');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    expect(balance).toHaveTextContent('$ ***');
    expect(localStorage.getItem('hideBalance')).toBe('1');
  });
});
