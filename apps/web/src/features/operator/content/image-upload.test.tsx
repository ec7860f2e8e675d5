/** The content forms' art upload (useImageUpload), through the affiliate banner form: the picked file goes up as a data URL and its address and size fill the form. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => setConsoleToken(null));

const me = { id: '1', username: 'ana', role: 'content', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'content.manage'], idleMinutes: 15 };

describe('content: image upload', () => {
  it('uploads the picked png and fills the art address and its size', async () => {
    setConsoleToken('op-token');
    const server = fakeServer({
      'GET /wps/ops/me': () => ok(me),
      'GET /wps/operator/affiliate/banners': () => ok({ list: [] }),
      'POST /wps/ops/content/banners/image': () => ok({ url: '/site/banners/up.png', width: 320, height: 50 }),
    });
    renderApp({ route: '/console/content?tab=affiliate' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo banner de afiliados' }));
    const f = within(await screen.findByRole('form', { name: 'Banner de afiliados' }));
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'up.png', { type: 'image/png' });
    fireEvent.change(f.getByLabelText('Subir imagen (PNG o JPG, máx. 5 MB)'), { target: { files: [file] } });
    await f.findByText('Imagen subida (320×50).');
    expect(server.calls.find((c) => c.path === '/wps/ops/content/banners/image')!.body).toEqual({ image: 'data:image/png;base64,iVBORw0KGgo=' });
    await waitFor(() => expect((f.getByLabelText('Imagen') as HTMLInputElement).value).toBe('/site/banners/up.png'));
    expect((f.getByLabelText('Ancho (px)') as HTMLInputElement).value).toBe('320');
    expect((f.getByLabelText('Alto (px)') as HTMLInputElement).value).toBe('50');
  }, 20_000);
});
