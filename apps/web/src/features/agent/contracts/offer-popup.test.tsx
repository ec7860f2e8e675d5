import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { fakeServer, loginValue, ok, type FakeCall } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
configure({ asyncUtilTimeout: 4000 });

const flags = (pendingOffers: number) => ({
  dailysalreqtype: '', divtypereq: '', contracthoursalreq: '', realtimesalreqtype: '',
  dailysalinfotype: '', divtypeinfo: '', contracthoursalinfo: '', realtimesalinfotype: '', pendingOffers,
});
const offer = {
  contractId: '7', kind: 'daily', status: 'new', endReason: null, period: null, uplineId: '11', uplineAccount: 'agent01', downlineId: '12',
  downlineAccount: 'subagent01', createdAt: '2026-11-20T15:00:00.000Z', acceptedAt: null, endedAt: null, fromPlatform: false,
  tiers: [{ minimumBet: '1000.00', netLoss: '0.00', activeMember: 1, rateType: 'P', rate: '1.00' }],
  canAccept: true, canReject: true, canTerminate: false,
};

function server(pendingOffers: number) {
  let open = [offer];
  return fakeServer({
    'POST /wps/session/login': () => ok(loginValue({ userName: 'subagent01', isAgent: true, contractFlags: flags(pendingOffers) })),
    'GET /wps/member/info': () => ok(memberFixture({ id: '12', account: 'subagent01', userName: 'subagent01', type: 2, isAgent: true })),
    'GET /wps/relay/MCSFE_contracts': (c: FakeCall) => ok({ list: c.query.get('status') === 'new' ? open : [], pageNo: 1, totalPages: 1, total: open.length }),
    'POST /wps/relay/MCSFE_contractAccept': () => { open = []; return ok({ ...offer, status: 'success', canAccept: false }); },
  });
}

async function logIn() {
  renderApp({ route: '/login' });
  const form = await screen.findByTestId('login-form', {}, { timeout: 15_000 });
  await userEvent.type(within(form).getByLabelText(/^Usuario/), 'subagent01');
  await userEvent.type(within(form).getByLabelText(/^Contraseña/), 'Secret123');
  await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
}

describe('contract popup at login (§2; issue 23 item 11)', () => {
  it('opens when the login answer says offers wait; the offer is accepted there and the popup closes', async () => {
    const s = server(1);
    await logIn();
    const popup = await screen.findByRole('dialog', { name: 'Oferta de contrato' });
    expect(await within(popup).findByText('Tiene una oferta de contrato esperando su respuesta.')).toBeInTheDocument();
    expect(await within(popup).findByText('Salario diario')).toBeInTheDocument();
    expect(within(popup).getByText('Superior: agent01')).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oferta de contrato' })).not.toBeInTheDocument());
    expect(s.calls.find((c) => c.path === '/wps/relay/MCSFE_contractAccept')?.body).toEqual({ contractId: '7' });
  });

  it('does not open when no offer waits', async () => {
    const s = server(0);
    await logIn();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Iniciar sesión' })).not.toBeInTheDocument());
    await screen.findByTestId('balance');
    expect(screen.queryByRole('dialog', { name: 'Oferta de contrato' })).not.toBeInTheDocument();
    expect(s.count('GET /wps/relay/MCSFE_contracts')).toBe(0);
  });
});
