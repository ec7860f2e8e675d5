/** Feedback form rules, help centre (#term, sanitised HTML), customer-service links, comments. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODULES, type feedback as F } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, fail, ok } from '@/test/server';
import { systemKeys } from '@/lib/system';
import { supportLinks, appLinks, guessOs } from '@/features/support';
import { contentError, fileError } from './logic';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });
function status(cs = statusFixture().info.customerService) {
  const base = statusFixture();
  return { ...base, info: { ...base.info, customerService: cs, whitelabel: [{ modId: 'COMM3', enabled: true, childrenNodes: [node(MODULES.feedback), node(MODULES.help), node(MODULES.inbox), node(MODULES.appDownload), node(MODULES.promotions)] }] } };
}
const SETTINGS: F.Settings = { minWords: 3, maxWords: 30, maxChars: 140, maxImages: 3, maxImageBytes: 5 * 1024 * 1024, types: ['suggestion', 'deposit', 'withdraw', 'game', 'account', 'other'] };
const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`;

afterEach(() => vi.unstubAllGlobals());

describe('feedback checks', () => {
  it('word bounds and 140 characters', () => {
    expect(contentError(t, 'two words', SETTINGS)).toContain('feedback.wordsRule');
    expect(contentError(t, 'three words here', SETTINGS)).toBeNull();
    expect(contentError(t, 'x'.repeat(141), SETTINGS)).toContain('feedback.tooLong');
    expect(contentError(t, 'w '.repeat(31), SETTINGS)).toContain('feedback.wordsRule');
  });
  it('png or jpg of at most 5 MB', () => {
    expect(fileError(t, { type: 'image/gif', size: 10 }, SETTINGS)).toBe('feedback.imageType');
    expect(fileError(t, { type: 'image/png', size: 6 * 1024 * 1024 }, SETTINGS)).toContain('feedback.imageSize');
    expect(fileError(t, { type: 'image/jpeg', size: 5 * 1024 * 1024 }, SETTINGS)).toBeNull();
  });
});

describe('customer service and app links', () => {
  it('keeps http(s), mailto and tel links; live chat opens the chat window; javascript: is dropped', () => {
    const links = supportLinks([
      { csType: 'LIVECHAT', title: 'Chat', path: '/help#chat' },
      { csType: 'TELEGRAM', title: 'T', path: 'https://t.me/x' },
      { csType: 'WHATSAPP', title: 'W', path: 'javascript:alert(1)' },
      { csType: 'EMAIL', title: 'E', path: 'mailto:help@example.com' },
    ]);
    expect(links.map((l) => [l.type, l.kind])).toEqual([['LIVECHAT', 'chat'], ['TELEGRAM', 'link'], ['EMAIL', 'link']]);
    expect(appLinks([{ resourceType: 'ios', url: 'https://a/ios' }, { resourceType: 'ANDROID', url: 'ftp://x' }])).toEqual({ ios: 'https://a/ios', android: null });
    expect(guessOs('Mozilla/5.0 (Linux; Android 14)')).toBe('android');
    expect(guessOs('Mozilla/5.0 (iPhone)')).toBe('ios');
  });
});

describe('feedback page', () => {
  it('refuses a short text and a fourth image, sends type, content and images, lists replies as text', async () => {
    let list: F.Item[] = [{ id: '1', type: 'deposit', content: '<img src=x onerror=alert(1)>', images: [], reply: '<b>Paid</b>', repliedAt: '2026-01-01T10:00:00Z', createdAt: '2026-01-01T09:00:00Z' }];
    const server = fakeServer({
      'GET /wps/feedback/settings': () => ok(SETTINGS),
      'GET /wps/feedback': () => ok({ list, page: 1, pageSize: 10, total: list.length, totalPages: 1 }),
      'PUT /wps/feedback': (c) => {
        const b = c.body as { type: F.FeedbackType; content: string; images: string[] };
        list = [{ id: '2', type: b.type, content: b.content, images: [], reply: null, repliedAt: null, createdAt: '2026-01-02T09:00:00Z' }, ...list];
        return ok({ id: '2' });
      },
      'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
      'GET /wps/relay/EMFE_unreadCount': () => ok({ count: 0 }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderApp({ route: '/member?page=feedback', token: 'tok', member: memberFixture(), status: status() });
    const items = await screen.findAllByTestId('feedback-item');
    expect(within(items[0]).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(within(items[0]).getByTestId('feedback-reply').textContent).toContain('<b>Paid</b>');
    const form = screen.getByTestId('feedback-form');
    fireEvent.change(within(form).getByLabelText('Su mensaje'), { target: { value: 'muy corto' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByText('Escriba entre 3 y 30 palabras.')).toBeTruthy();
    expect(server.count('PUT /wps/feedback')).toBe(0);
    // four files at once: refused before reading any
    const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    const input = screen.getByTestId('feedback-file');
    await act(async () => { fireEvent.change(input, { target: { files: [png(), png(), png(), png()] } }); });
    expect(within(form).getByText('Adjunte como máximo 3 imágenes.')).toBeTruthy();
    await act(async () => { fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } }); });
    expect(within(form).getByText('Las imágenes deben ser archivos PNG o JPG.')).toBeTruthy();
    await act(async () => { fireEvent.change(input, { target: { files: [png()] } }); });
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(1));
    fireEvent.click(within(form).getByText('Depósito'));
    fireEvent.change(within(form).getByLabelText('Su mensaje'), { target: { value: 'Mi depósito no llegó todavía' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(server.count('PUT /wps/feedback')).toBe(1));
    const body = server.calls.find((c) => c.path === '/wps/feedback' && c.method === 'PUT')?.body as { type: string; content: string; images: string[] };
    expect(body.type).toBe('deposit');
    expect(body.content).toBe('Mi depósito no llegó todavía');
    expect(body.images).toHaveLength(1);
    expect(body.images[0]).toMatch(/^data:image\/png;base64,/);
    await waitFor(() => expect(screen.getAllByTestId('feedback-item')).toHaveLength(2));
  }, 30_000);

  it('shows the server\'s error when it refuses', async () => {
    fakeServer({
      'GET /wps/feedback/settings': () => ok(SETTINGS),
      'GET /wps/feedback': () => ok({ list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 }),
      'PUT /wps/feedback': () => fail(400, 'feedback.image.type'),
      'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
      'GET /wps/relay/EMFE_unreadCount': () => ok({ count: 0 }),
    });
    renderApp({ route: '/member?page=feedback', token: 'tok', member: memberFixture(), status: status() });
    const form = await screen.findByTestId('feedback-form');
    fireEvent.change(within(form).getByLabelText('Su mensaje'), { target: { value: 'tres palabras bastan' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
  });
});

describe('help centre', () => {
  const articles = [
    { term: 'about', title: 'Sobre nosotros', content: '<p>Hola</p>' },
    { term: 'terms', title: 'Términos', content: '<p>Condiciones</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>' },
  ];
  it('#term selects the article; operator HTML loses scripts and handlers; the contact card lists channels', async () => {
    fakeServer({ 'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }) });
    const { client } = renderApp({ route: '/help#terms', status: status() });
    act(() => client.setQueryData(systemKeys.help('ES'), articles));
    const article = await screen.findByTestId('help-article');
    expect(article.getAttribute('data-term')).toBe('terms');
    expect(article.innerHTML).toContain('Condiciones');
    expect(article.innerHTML).not.toMatch(/onerror|<script/);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    const contact = screen.getByRole('complementary', { name: '¿Necesita más ayuda?' });
    expect(within(contact).getByText('Telegram').closest('a')?.getAttribute('href')).toBe('https://t.me/demo');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Artículos' })).getByRole('link', { name: 'Sobre nosotros' }));
    await waitFor(() => expect(screen.getByTestId('help-article').getAttribute('data-term')).toBe('about'));
  });

  it('the live-chat entry opens the chat window; a visitor is asked to log in', async () => {
    fakeServer({ 'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }) });
    renderApp({ route: '/help', status: status([{ csType: 'LIVECHAT', title: 'Chat', path: '/help#chat' }, { csType: 'TELEGRAM', title: 'T', path: 'https://t.me/demo' }]) });
    const footer = await screen.findByRole('navigation', { name: 'Atención al cliente' });
    fireEvent.click(within(footer).getByRole('button', { name: 'Chat en vivo' }));
    const chat = await screen.findByTestId('live-chat');
    expect(within(chat).getByText(/Inicie sesión para chatear/)).toBeTruthy();
  });
});
