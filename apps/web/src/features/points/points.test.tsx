/** Points mall: visitor and member views, the redeem popup's checks, convert, history states. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { points as P } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { fakeServer, ok, fail } from '@/test/server';
import { convertAmount, convertError, deliveryErrors } from './logic';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
afterEach(() => vi.unstubAllGlobals());

const reward = (id: number, over: Partial<P.Reward> = {}): P.Reward => ({
  id: String(id), kind: 'item', name: `Premio ${id}`, description: 'Descripción', image: '/wps/points/art/gift.svg', cost: '300',
  stock: 10, perMemberLimit: 1, voucherAmount: null, redeemed: 0, ...over,
});
const summary: P.Summary = { balance: '1200', earned: '1500', carry: '40.00', validBetPerPoint: '100.00', convertValue: '0.10', convertMin: 100, currencySymbol: '$', hasPaymentPassword: true };
const redemption = (over: Partial<P.Redemption> = {}): P.Redemption => ({
  orderNo: 'P20261123000000123456', rewardId: '1', rewardName: 'Premio 1', kind: 'item', image: '/wps/points/art/gift.svg', points: '300', status: 'process',
  receiver: 'Ana', address: 'Av. Reforma 222', mobile: '+525512345678', voucherAmount: null, remark: '', createdAt: '2026-11-23T00:00:00Z', reviewedAt: null, ...over,
});
const page = <T,>(list: T[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalPages: 1 });
const rewards = () => ok({ list: [reward(1), reward(2, { kind: 'voucher', voucherAmount: '25.00', name: 'Vale 25', cost: '200', perMemberLimit: null }), reward(3, { stock: 0, name: 'Agotado' })] });

describe('form logic', () => {
  it('checks delivery details, convert amounts and the credited amount', () => {
    expect(deliveryErrors({ receiver: '', address: 'abc', mobile: '12' })).toEqual({ receiver: true, address: true, mobile: true });
    expect(deliveryErrors({ receiver: 'Ana', address: 'Av. Reforma 222', mobile: '+52 55 1234 5678' })).toEqual({});
    expect(convertError('', 100, '500')).toBe('format');
    expect(convertError('99', 100, '500')).toBe('min');
    expect(convertError('501', 100, '500')).toBe('balance');
    expect(convertError('150', 100, '500')).toBeNull();
    expect(convertAmount('150', '0.10')).toBe('15.00');
    expect(convertAmount('3', '1.25')).toBe('3.75');
    expect(convertAmount('1', '0.05')).toBe('0.05');
    expect(convertAmount('x', '0.10')).toBeNull();
  });
});

describe('points mall page', () => {
  it('shows a visitor the rewards and asks to log in to redeem', async () => {
    const server = fakeServer({ 'GET /wps/relay/MCSFE_getPointRewards': rewards });
    renderApp({ route: '/pointMall' });
    expect(await screen.findAllByTestId('reward-card')).toHaveLength(3);
    expect(screen.getByTestId('points-visitor')).toBeTruthy();
    expect(screen.queryByTestId('points-balance')).toBeNull();
    expect(screen.getAllByTestId('reward-redeem').map((b) => b.textContent)).toEqual(Array(3).fill('Inicie sesión para canjear'));
    expect(server.count('GET /wps/relay/MCSFE_getPoints')).toBe(0);
  });

  it('lets a member redeem an item: checks the delivery details first, then sends one request', async () => {
    const server = fakeServer({
      'GET /wps/relay/MCSFE_getPointRewards': rewards,
      'GET /wps/relay/MCSFE_getPoints': () => ok(summary),
      'POST /wps/relay/MCSFE_redeemPointReward': () => ok(redemption()),
      'GET /wps/member/info': () => ok(memberFixture()),
    });
    renderApp({ route: '/pointMall', token: 't1', member: memberFixture() });
    await waitFor(() => expect(screen.getByTestId('points-balance-value').textContent).toBe('1,200'));
    const cards = await screen.findAllByTestId('reward-card');
    expect(within(cards[2]).getByTestId('reward-redeem').textContent).toBe('Agotado');
    expect((within(cards[2]).getByTestId('reward-redeem') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(cards[0]).getByTestId('reward-redeem'));
    const dialog = await screen.findByTestId('redeem-dialog');
    fireEvent.click(within(dialog).getByTestId('redeem-submit'));
    expect(await within(dialog).findByText('Introduzca la dirección de entrega completa.')).toBeTruthy();
    expect(within(dialog).getByText('Introduzca un número de móvil válido (de 6 a 15 dígitos).')).toBeTruthy();
    expect(server.count('POST /wps/relay/MCSFE_redeemPointReward')).toBe(0);
    const form = within(dialog).getByTestId('redeem-form');
    fireEvent.change(form.querySelector('[name=receiver]')!, { target: { value: 'Ana López' } });
    fireEvent.change(form.querySelector('[name=address]')!, { target: { value: 'Av. Reforma 222, CDMX' } });
    fireEvent.change(form.querySelector('[name=mobile]')!, { target: { value: '+52 55 1234 5678' } });
    fireEvent.change(form.querySelector('[name=paymentPassword]')!, { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByTestId('redeem-submit'));
    fireEvent.click(within(dialog).getByTestId('redeem-submit'));
    await waitFor(() => expect(screen.queryByTestId('redeem-dialog')).toBeNull());
    expect(server.count('POST /wps/relay/MCSFE_redeemPointReward')).toBe(1);
    const sent = server.calls.find((c) => c.path === '/wps/relay/MCSFE_redeemPointReward')!.body as Record<string, string>;
    expect(sent).toMatchObject({ rewardId: '1', receiver: 'Ana López', address: 'Av. Reforma 222, CDMX', mobile: '+52 55 1234 5678', paymentPassword: '246810' });
    expect(sent.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('shows the server\'s refusal (wrong withdrawal password) in the popup', async () => {
    fakeServer({
      'GET /wps/relay/MCSFE_getPointRewards': rewards,
      'GET /wps/relay/MCSFE_getPoints': () => ok(summary),
      'POST /wps/relay/MCSFE_redeemPointReward': () => fail(400, 'cashier.payment.password.invalid'),
      'GET /wps/member/info': () => ok(memberFixture()),
    });
    renderApp({ route: '/pointMall', token: 't1', member: memberFixture() });
    const cards = await screen.findAllByTestId('reward-card');
    fireEvent.click(within(cards[1]).getByTestId('reward-redeem'));
    const dialog = await screen.findByTestId('redeem-dialog');
    expect(dialog.querySelector('[name=address]')).toBeNull(); // a voucher needs no delivery
    fireEvent.change(dialog.querySelector('[name=paymentPassword]')!, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByTestId('redeem-submit'));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });

  it('converts points with the amount shown first, and lists history with its states', async () => {
    const server = fakeServer({
      'GET /wps/relay/MCSFE_getPointRewards': rewards,
      'GET /wps/relay/MCSFE_getPoints': () => ok(summary),
      'POST /wps/relay/MCSFE_convertPoints': () => ok({ points: '150', amount: '15.00', balance: '1050' }),
      'GET /wps/relay/MCSFE_getRedeemHistory': () => ok(page([redemption({ status: 'approved', orderNo: 'P1' }), redemption({ status: 'rejected', orderNo: 'P2' }), redemption({ orderNo: 'P3' })])),
      'GET /wps/member/info': () => ok(memberFixture()),
      'GET /wps/v2/wallets/balance': () => ok({ sumBalance: '0.00', currency: 'MXN', currencySymbol: '$', balance: [] }),
    });
    renderApp({ route: '/pointMall', token: 't1', member: memberFixture() });
    fireEvent.click(await screen.findByRole('tab', { name: 'Convertir en saldo' }));
    const form = await screen.findByTestId('convert-form');
    fireEvent.change(form.querySelector('[name=points]')!, { target: { value: '150' } });
    expect(screen.getByTestId('convert-amount').textContent).toContain('$15.00');
    fireEvent.change(form.querySelector('[name=paymentPassword]')!, { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('convert-submit'));
    await waitFor(() => expect(server.count('POST /wps/relay/MCSFE_convertPoints')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/relay/MCSFE_convertPoints')!.body).toMatchObject({ points: '150', paymentPassword: '246810' });
    fireEvent.click(screen.getByRole('tab', { name: 'Historial de canjes' }));
    const rows = await screen.findAllByTestId('redemption-row');
    expect(rows.map((r) => within(r).getByText(/Aprobado|Rechazado|En proceso/).textContent)).toEqual(['Aprobado', 'Rechazado', 'En proceso']);
  });
});
