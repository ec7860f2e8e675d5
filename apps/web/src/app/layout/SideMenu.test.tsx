import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render';

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
  it('shows promotions (max 6) plus More, and both download QR links', () => {
    renderApp();
    expect(menu().getAllByRole('link', { name: /./ }).filter((a) => a.getAttribute('href')?.startsWith('/promotions#'))).toHaveLength(6);
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
