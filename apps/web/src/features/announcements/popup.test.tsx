/** The announcement popup (§4): once per session per user kind until closed, paging by 9, go to promotion. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { announcements as A } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const notice = (i: number, over: Partial<A.Notice> = {}): A.Notice => ({
  id: String(i), type: 'PU', title: `Aviso ${i}`, content: `<p>Texto ${i}</p><img src=x onerror="window.__xss=1">`, promotionType: null,
  execution: 'B', images: '', publishedAt: '2026-01-01T00:00:00Z', ...over,
});
const value = (over: Partial<A.ListValue> = {}): A.ListValue => ({
  banners: [{ id: 'b1', title: 'Banner del operador', url: '/live', linkageType: 'internal', groupName: 'w_home', images: '/wps/announcements/art/live.svg', content: '' }],
  player: [notice(100, { type: 'PL', title: 'Juego responsable', execution: null })],
  popup: Array.from({ length: 11 }, (_, i) => notice(i + 1)),
  promotion: [notice(50, { type: 'PR', title: 'Recarga', promotionType: 'deposit', execution: 'A' })],
  agent: [], userKind: 'anonymous', firstLogin: false, ...over,
});

function serve(v: A.ListValue) {
  return fakeServer({
    'GET /wps/relay/MCSFE_getListAnnouncements': () => ok(v),
    'GET /wps/relay/EMFE_unreadCount': () => ok({ count: 3 }),
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('announcement popup', () => {
  it('opens by itself for a visitor, pages titles by 9, shows sanitised content; once closed it stays closed this session', async () => {
    serve(value());
    const { unmount } = renderApp({ route: '/' });
    const popup = await screen.findByTestId('announcement-popup');
    const list = within(popup).getByRole('navigation');
    expect(within(list).getAllByRole('button', { name: /Aviso|Recarga/ })).toHaveLength(9);
    expect(within(popup).getByText('1 de 2')).toBeTruthy();
    expect(popup.querySelector('img[onerror]')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Siguiente' }));
    expect(within(list).getAllByRole('button', { name: /Aviso|Recarga/ }).map((b) => b.textContent)).toEqual(['AnuncioAviso 10', 'AnuncioAviso 11', 'PromociónRecarga']);
    // the home carousel shows the operator banner, the marquee the notices
    expect(screen.getByRole('group', { name: /Banner del operador/ })).toBeTruthy();
    expect(screen.getByTestId('marquee').textContent).toContain('Juego responsable');

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('announcement-popup')).toBeNull());
    expect(sessionStorage.getItem('ANONYMOUS_POPUP')).toBe('1');
    unmount();
    serve(value());
    renderApp({ route: '/' });
    await screen.findByTestId('marquee');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
  });

  it('a logged-in user is remembered separately (USER_POPUP); the promotion button opens the reward centre', async () => {
    sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    serve(value({ userKind: 'user', popup: [notice(1, { execution: 'F', title: 'Bienvenida', promotionType: 'newbie' })], promotion: [] }));
    renderApp({ route: '/', token: 'tok', member: memberFixture() });
    const popup = await screen.findByTestId('announcement-popup');
    fireEvent.click(within(popup).getByRole('button', { name: /Ir a la promoción/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/member?page=rewardCenter'));
    expect(sessionStorage.getItem('USER_POPUP')).toBe('1');
  });

  it('no items, no popup', async () => {
    serve(value({ popup: [], promotion: [] }));
    renderApp({ route: '/' });
    await screen.findByTestId('marquee');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
  });
});
