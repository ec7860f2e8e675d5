/** The announcement form: audience, language and HTML are sent as typed; the preview is sanitised; a refusal shows; an edit sends its id. */
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

const me = { id: '1', username: 'ana', role: 'content', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'content.manage'], idleMinutes: 15 };
const item = {
  id: '41', type: 'PL', groupName: null, execution: 'A', language: 'ES', title: 'Mantenimiento el lunes', content: '<p>Aviso</p>', url: '', linkageType: 'none', images: '',
  promotionType: null, sort: 0, startsAt: null, endsAt: null, enabled: true, updatedAt: '2026-01-01T00:00:00.000Z',
};
const SLOW = 20_000;
const HTML = '<p>Hola<script>alert(1)</script><img src="/a.png" onerror="alert(2)"></p>';

async function open(save: Parameters<typeof fakeServer>[0][string]) {
  setConsoleToken('op-token');
  const server = fakeServer({
    'GET /wps/ops/me': () => ok(me),
    'GET /wps/ops/content/announcements': () => ok({ list: [item] }),
    'POST /wps/ops/content/announcements/save': save,
  });
  renderApp({ route: '/console/content?tab=announcements' });
  await screen.findByText('Mantenimiento el lunes');
  return server;
}

describe('content: announcement form', () => {
  it('sends type, audience (execution), language, schedule and the HTML; the preview drops scripts and handlers; a refusal is shown', async () => {
    let answer: { status?: number; body: unknown } = fail(400, 'request_param_err');
    const server = await open(() => answer);
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo anuncio' }));
    const form = await screen.findByRole('form', { name: 'Formulario de anuncio' });
    const f = within(form);
    fireEvent.change(f.getByLabelText('Tipo'), { target: { value: 'PU' } });
    fireEvent.change(f.getByLabelText('Audiencia'), { target: { value: 'B' } });
    fireEvent.change(f.getByLabelText('Idioma'), { target: { value: 'EN' } });
    fireEvent.change(f.getByLabelText('Título'), { target: { value: 'Welcome visitors' } });
    fireEvent.change(f.getByLabelText(/^Contenido \(HTML\)/), { target: { value: HTML } });
    fireEvent.change(f.getByLabelText('Enlace'), { target: { value: '/promotions' } });
    fireEvent.change(f.getByLabelText('Desde'), { target: { value: '2030-05-01T10:00' } });
    const preview = f.getByTestId('content-preview');
    expect(preview.innerHTML).toContain('Hola');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeNull();

    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    expect(await f.findByRole('alert')).toBeTruthy();
    const sent = server.calls.find((c) => c.path === '/wps/ops/content/announcements/save')!.body as { id?: string; enabled: boolean; announcement: Record<string, unknown> };
    expect(sent.id).toBeUndefined();
    expect(sent.enabled).toBe(true);
    expect(sent.announcement).toMatchObject({
      type: 'PU', groupName: null, execution: 'B', language: 'EN', title: 'Welcome visitors', content: HTML, url: '/promotions', linkageType: 'internal',
      startsAt: new Date('2030-05-01T10:00').toISOString(), endsAt: null,
    });

    answer = ok({ ...item, id: '42', type: 'PU', title: 'Welcome visitors' });
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('«Welcome visitors» guardado.');
    expect(screen.queryByRole('form', { name: 'Formulario de anuncio' })).toBeNull();
  }, SLOW);

  it('an edit starts from the item and sends its id; unpublishing it is one click', async () => {
    const server = await open((c) => ok({ ...item, ...(c.body as { announcement: object }).announcement }));
    const row = screen.getByText('Mantenimiento el lunes').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const f = within(await screen.findByRole('form', { name: 'Formulario de anuncio' }));
    expect((f.getByLabelText('Título') as HTMLInputElement).value).toBe('Mantenimiento el lunes');
    expect((f.getByLabelText('Audiencia') as HTMLSelectElement).value).toBe('A');
    fireEvent.click(f.getByLabelText('Publicado'));
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.count('POST /wps/ops/content/announcements/save')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/ops/content/announcements/save')!.body).toMatchObject({ id: '41', enabled: false, announcement: { type: 'PL', execution: 'A' } });
  }, SLOW);
});
