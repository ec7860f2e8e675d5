/** The member file's move dialog: search an agent by name, pick it, confirm; refusals show the server's message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const me = { id: '1', username: 'ana', role: 'owner', brands: null, status: 'active', enrolled: true, lastLoginAt: null, idleMinutes: 15,
  permissions: ['dashboard.view', 'people.view', 'people.manage'] };
const row = (id: string, username: string, kind: 'member' | 'agent') => ({ id, username, nickname: '', kind, status: 'active', mobile: null, createdAt: '2026-01-01T00:00:00Z', lastLoginAt: null, balance: '0.00' });
const node = (id: string, username: string, kind: 'member' | 'agent', depth: number, teamSize = 0) => ({ id, username, nickname: '', kind, status: 'active', depth, teamSize, directSize: teamSize, createdAt: '2026-01-01T00:00:00Z' });
const detail = (parent: string) => ({ person: { ...row('7', 'pedro', 'member'), email: null, language: 'ES', parent, downlines: 0 }, wallets: [], records: [], sessions: [] });

describe('People: move dialog', () => {
  it('finds the new upline by name, moves the member and shows the outcome; a refusal shows its message', async () => {
    let parent = 'agentA';
    let refuse = true;
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/ops/people': (c) => ok({ list: c.query.get('kind') === 'agent' ? [row('3', 'agentB', 'agent'), row('7', 'pedro', 'member')] : [row('7', 'pedro', 'member')], page: 1, pageSize: 20, total: 1 }),
      'GET /wps/ops/people/detail': () => ok(detail(parent)),
      'GET /wps/ops/people/tree': () => ok({ self: node('7', 'pedro', 'member', 0), uplines: [node(parent === 'agentA' ? '2' : '3', parent, 'agent', 1, 1)], downline: { list: [], page: 1, pageSize: 20, total: 0 } }),
      'POST /wps/ops/people/move': () => {
        if (refuse) return fail(409, 'operator.move.same', 'El miembro ya está directamente bajo este agente.');
        parent = 'agentB';
        return ok({ id: '7', username: 'pedro', from: 'agentA', to: 'agentB', moved: 1, endedContracts: 0 });
      },
    });
    setConsoleToken('op-token');
    renderApp({ route: '/console/people' });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir' }));
    expect((await screen.findByTestId('upline-chain')).textContent).toContain('agentA');
    fireEvent.click(screen.getByRole('button', { name: 'Mover a otro agente' }));
    const dialog = await screen.findByRole('dialog');
    const move = within(dialog).getByRole('button', { name: 'Mover' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Buscar la nueva línea superior/), { target: { value: 'agentB' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    const choice = await within(dialog).findByRole('radio');
    // the member itself is not offered as its own upline
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(choice);
    expect(within(dialog).getByTestId('picked').textContent).toBe('agentB');
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'pedido del agente' } });
    fireEvent.click(move);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('El miembro ya está directamente bajo este agente.');
    refuse = false;
    fireEvent.click(move);
    expect((await screen.findByText(/^pedro pasó de/)).textContent).toBe('pedro pasó de agentA a agentB: 1 miembro movido, 0 contratos terminados.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = server.calls.filter((c) => c.path === '/wps/ops/people/move').map((c) => c.body);
    expect(posts).toEqual([{ id: '7', toAgentId: '3', reason: 'pedido del agente' }, { id: '7', toAgentId: '3', reason: 'pedido del agente' }]);
    expect(server.calls.find((c) => c.path === '/wps/ops/people' && c.query.get('kind') === 'agent')!.query.get('q')).toBe('agentB');
    await waitFor(() => expect(screen.getByTestId('upline-chain').textContent).toContain('agentB'));
  });
});
