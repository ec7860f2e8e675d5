/** messageV2: opening an unread message marks it read (badge follows), delete, write to support. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES, type inbox as I } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, fail, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
function status() {
  const base = statusFixture();
  return { ...base, info: { ...base.info, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [node(MODULES.inbox)] }] } };
}

const msg = (id: string, over: Partial<I.Message> = {}): I.Message => ({
  id, title: `Mensaje ${id}`, content: `<b>texto ${id}</b>`, senderKind: 'operator', senderName: '', createdAt: '2026-01-01T10:00:00Z', read: false, ...over,
});

afterEach(() => vi.unstubAllGlobals());

function setup() {
  let list = [msg('2'), msg('1', { read: true, senderKind: 'upline', senderName: 'agent01' })];
  const unread = () => list.filter((m) => !m.read).length;
  const server = fakeServer({
    'GET /wps/relay/EMFE_messageList': () => ok({ list, page: 1, pageSize: 10, total: list.length, totalPages: 1, unread: unread() }),
    'GET /wps/relay/EMFE_unreadCount': () => ok({ count: unread() }),
    'POST /wps/relay/EMFE_readMessage': (c) => {
      const ids = (c.body as { ids: string[] }).ids;
      list = list.map((m) => (ids.includes(m.id) ? { ...m, read: true } : m));
      return ok({ count: unread() });
    },
    'POST /wps/relay/EMFE_deleteMessage': (c) => {
      const ids = (c.body as { ids: string[] }).ids;
      list = list.filter((m) => !ids.includes(m.id));
      return ok({ count: unread() });
    },
    'POST /wps/relay/EMFE_sendMessage': (c) => ((c.body as { to: string }).to === 'upline' ? fail(400, 'inbox.upline.none') : ok({ id: '9' })),
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
  });
  renderApp({ route: '/member?page=messageV2', token: 'tok', member: memberFixture(), status: status() });
  return server;
}

describe('inbox page', () => {
  it('lists messages as text; opening an unread one marks it read and the header badge goes', async () => {
    const server = setup();
    const items = await screen.findAllByTestId('inbox-message');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    await waitFor(() => expect(screen.getByTestId('header-unread').textContent).toBe('1'));
    fireEvent.click(within(items[0]).getByRole('button', { expanded: false }));
    // shown as text, never as HTML
    expect(within(items[0]).getByText('<b>texto 2</b>')).toBeTruthy();
    await waitFor(() => expect(server.count('POST /wps/relay/EMFE_readMessage')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/relay/EMFE_readMessage')?.body).toEqual({ ids: ['2'] });
    await waitFor(() => expect(screen.queryByTestId('header-unread')).toBeNull());
    // an already read message is not marked again
    fireEvent.click(within(screen.getAllByTestId('inbox-message')[1]).getByRole('button', { expanded: false }));
    expect(server.count('POST /wps/relay/EMFE_readMessage')).toBe(1);
  });

  it('deletes a message', async () => {
    setup();
    const items = await screen.findAllByTestId('inbox-message');
    fireEvent.click(within(items[1]).getByRole('button', { expanded: false }));
    fireEvent.click(within(items[1]).getByRole('button', { name: /Eliminar/ }));
    await waitFor(() => expect(screen.getAllByTestId('inbox-message')).toHaveLength(1));
  });

  it('writes to support; writing to a missing upline shows the error', async () => {
    const server = setup();
    await screen.findAllByTestId('inbox-message');
    fireEvent.change(screen.getByLabelText('Asunto'), { target: { value: 'Ayuda' } });
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'Mi depósito' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Su cuenta no tiene un superior al que escribir.');
    fireEvent.click(screen.getByRole('radio', { name: /Atención al cliente/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/wps/relay/EMFE_sendMessage').map((c) => (c.body as { to: string }).to)).toEqual(['upline', 'support']));
    await waitFor(() => expect((screen.getByLabelText('Asunto') as HTMLInputElement).value).toBe(''));
  });
});
