import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { agentRegister } from '@lobby/contract';
import { AppProviders, createQueryClient } from '@/test/render';
import { systemKeys } from '@/lib/system';
import { fail, fakeServer, ok, type FakeCall } from '@/test/server';
import { statusFixture } from '@/test/fixtures';
import { initI18n } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import RegisterCentre from './RegisterCentre';
import { brandLocalToIso, customExpiryError } from './logic';
import es from '@/locales/agentRegister.es.json';
import en from '@/locales/agentRegister.en.json';

const LIST = 'GET /wps/relay/MCSFE_agentInviteLinks';
const CREATE = 'POST /wps/relay/MCSFE_agentInviteCreate';
const DOWNLINE = 'POST /wps/relay/MCSFE_agentCreateDownline';
const OFFSET = -300; // the fixture brand's GMT offset

const invite = (over: Partial<agentRegister.Invite> = {}): agentRegister.Invite => ({
  id: '1', code: 'ABCDEFGHJKLMNPQR', accountType: 'member', expiry: '7d', expiresAt: '2030-01-08T00:00:00.000Z',
  status: 'active', remark: '', registrations: 0, campaign: '', subId: '', createdAt: '2030-01-01T00:00:00.000Z', ...over,
});

function renderCentre() {
  initI18n('ES');
  setToken('tok');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(systemKeys.status(), statusFixture());
  render(
    <MemoryRouter>
      <AppProviders queryClient={client}>
        <RegisterCentre />
      </AppProviders>
    </MemoryRouter>,
  );
}

/** A server keeping the links it is given and those created. */
function linkServer(extra: Record<string, (c: FakeCall) => { status?: number; body: unknown }> = {}) {
  const links: agentRegister.Invite[] = [];
  const server = fakeServer({
    [LIST]: () => ok({ list: links, maxActive: 50 }),
    [CREATE]: (c) => {
      const b = c.body as agentRegister.InviteCreateBody;
      const made = invite({ id: String(links.length + 1), code: `CODE${links.length}XXXXXXXXXXX`.slice(0, 16), accountType: b.accountType, expiry: b.expiry, expiresAt: b.expiresAt ?? null, remark: b.remark ?? '' });
      links.unshift(made);
      return ok(made);
    },
    ...extra,
  });
  return { server, links };
}

describe('register centre: the link form', () => {
  it('creates a member link for 7 days by default and shows it with its address', async () => {
    const { server } = linkServer();
    renderCentre();
    const form = await screen.findByTestId('invite-form');
    expect(await screen.findByText('Aún no tiene enlaces')).toBeInTheDocument();
    expect(within(form).getByLabelText('Miembro')).toBeChecked();
    expect(within(form).getByLabelText('7 días')).toBeChecked();
    await userEvent.type(within(form).getByLabelText(/^Nota/), 'Redes');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear enlace' }));
    await waitFor(() => expect(server.count(CREATE)).toBe(1));
    expect(server.calls.find((c) => `${c.method} ${c.path}` === CREATE)!.body).toEqual({ accountType: 'member', expiry: '7d', remark: 'Redes' });
    const card = await screen.findByTestId('invite');
    expect(card).toHaveTextContent(`${window.location.origin}/register?referralCode=CODE0XXXXXXXXXXX`);
    expect(card).toHaveTextContent('Redes');
    expect(within(card).getByText('Activo')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Ver QR' }));
    expect(within(card).getByRole('img', { name: /Código QR del enlace CODE0/ })).toHaveAttribute('src', expect.stringContaining(encodeURIComponent('referralCode=CODE0XXXXXXXXXXX')));
  });

  it('an agent link with a custom expiry: past or too far is refused before sending, a valid time goes as ISO', async () => {
    const { server } = linkServer();
    renderCentre();
    const form = await screen.findByTestId('invite-form');
    await userEvent.click(within(form).getByLabelText('Agente'));
    await userEvent.click(within(form).getByLabelText('Personalizada'));
    const input = within(form).getByLabelText(/^Caduca el/);
    const submit = within(form).getByRole('button', { name: 'Crear enlace' });

    fireEvent.change(input, { target: { value: '2001-01-01T10:00' } });
    expect(within(form).getByRole('alert')).toHaveTextContent('La fecha debe ser futura.');
    expect(submit).toBeDisabled();
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(input, { target: { value: far } });
    expect(within(form).getByRole('alert')).toHaveTextContent('Como máximo a 365 días.');

    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(input, { target: { value: soon } });
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(server.count(CREATE)).toBe(1));
    const body = server.calls.find((c) => `${c.method} ${c.path}` === CREATE)!.body;
    expect(body).toEqual({ accountType: 'agent', expiry: 'custom', expiresAt: brandLocalToIso(soon, OFFSET) });
    // the value is read in the brand's time zone (GMT-5): 5 hours later in UTC
    expect(Date.parse(brandLocalToIso(soon, OFFSET)!) - Date.parse(`${soon}:00Z`)).toBe(5 * 3_600_000);
  });

  it('shows the server refusal translated', async () => {
    linkServer({ [CREATE]: () => fail(409, 'agent.invite.limit', undefined, 'Ya tiene 50 enlaces utilizables. Desactive o elimine uno primero.') });
    renderCentre();
    const form = await screen.findByTestId('invite-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya tiene 50 enlaces utilizables');
  });
});

describe('register centre: create a downline account', () => {
  it('needs a username, then shows the account and its initial password', async () => {
    const { server } = linkServer({
      [DOWNLINE]: (c) => ok({ memberId: '9', account: (c.body as { username: string }).username, type: 2, isAgent: true, mustChangePassword: true }),
    });
    renderCentre();
    const form = await screen.findByTestId('create-downline');
    expect(form).toHaveTextContent('La contraseña inicial es 123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Indique un nombre de usuario.');
    expect(server.count(DOWNLINE)).toBe(0);
    await userEvent.type(within(form).getByLabelText(/^Nombre de usuario/), 'team0001');
    await userEvent.click(within(form).getByLabelText('Agente'));
    await userEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    const done = await within(form).findByTestId('created');
    expect(done).toHaveTextContent('Cuenta de agente team0001 creada.');
    expect(done).toHaveTextContent('123456');
    expect(server.calls.find((c) => `${c.method} ${c.path}` === DOWNLINE)!.body).toEqual({ username: 'team0001', accountType: 'agent' });
  });
});

describe('custom expiry rule', () => {
  it('matches the server: future, at most 365 days', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(customExpiryError('', 0, now)).toBe('required');
    expect(customExpiryError('2029-12-31T23:59', 0, now)).toBe('past');
    expect(customExpiryError('2030-01-01T00:01', 0, now)).toBeNull();
    expect(customExpiryError('2031-01-02T00:00', 0, now)).toBe('tooFar');
  });
});

describe('strings', () => {
  it('ES and EN have the same keys, none empty', () => {
    const keys = (o: object, pre = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${pre}${k}.`) : [`${pre}${k}`]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const values = (o: object): unknown[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? values(v as object) : [v]));
    expect([...values(es), ...values(en)].every((v) => typeof v === 'string' && v.trim())).toBe(true);
  });
});
