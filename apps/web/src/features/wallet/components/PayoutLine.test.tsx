import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@/test/render';
import { initI18n } from '@/lib/i18n';
import { PayoutLine } from './PayoutLine';

const at = '2026-11-20T18:00:00.000Z';
const show = (status: 'sent' | 'paid' | 'bounced', detail = '') => {
  initI18n('ES');
  return render(<AppProviders queryClient={createQueryClient()}><PayoutLine payout={{ status, detail, updatedAt: at }} /></AppProviders>);
};

describe('PayoutLine (a withdrawal paid out through a provider)', () => {
  it('names the payout being paid, paid, and returned with the bank\'s reason', async () => {
    show('sent').unmount();
    show('paid');
    expect((await screen.findByTestId('payout')).textContent).toContain('Pagado a su cuenta');
    show('bounced', 'account_rejected_by_bank');
    const returned = screen.getAllByTestId('payout').at(-1)!;
    expect(returned.dataset.payout).toBe('bounced');
    expect(returned.textContent).toMatch(/Devuelto a su saldo · su banco lo devolvió: el banco rechazó la cuenta/);
  });

  it('shows a reason code it has no words for as is', async () => {
    show('bounced', 'R03_no_account');
    expect((await screen.findByTestId('payout')).textContent).toContain('R03_no_account');
  });
});
