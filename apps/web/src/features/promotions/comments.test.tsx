/** Activity comments under a promotion: 140 characters, shown as text, visitors asked to log in. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { feedback as F, promotions as P } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fakeServer, ok } from '@/test/server';
import { charCount } from './Comments';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
afterEach(() => vi.unstubAllGlobals());

const rule: P.Rule = { kind: 'deposit', period: 'daily', bps: 2000, maxBonus: '500.00', minDeposit: '100.00', minValidBet: '0.00', fixedAmount: '0.00', turnoverMultiple: 5, withinDays: 0, gameTypes: [], prizes: [] };
const promo: P.Promotion = { id: '7', title: 'Promo 7', summary: 'Resumen', category: 'deposit', image: '/x.svg', startsAt: '2020-01-01T00:00:00Z', endsAt: null, rule, mine: null };

function setup(loggedIn: boolean) {
  let list: F.Comment[] = [{ id: '1', author: 'ju***an', content: '<img src=x onerror="window.__xss=1">', createdAt: '2026-01-01T10:00:00Z', mine: false }];
  const server = fakeServer({
    'GET /wps/relay/PROMOFE_getPromotions': () => ok({ list: [promo] }),
    'GET /wps/relay/PROMOFE_getPromotion': () => ok({ ...promo, content: '<p>Reglas</p>' }),
    'GET /wps/relay/PROMOFE_commentList': () => ok({ list, page: 1, pageSize: 10, total: list.length, totalPages: 1 }),
    'POST /wps/relay/PROMOFE_addComment': (c) => {
      const { content } = c.body as { content: string };
      const made = { id: String(list.length + 1), author: 'player01', content, createdAt: '2026-01-02T10:00:00Z', mine: true };
      list = [made, ...list];
      return ok(made);
    },
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true }),
  });
  renderApp({ route: '/promotions#7', status: statusFixture(), ...(loggedIn ? { token: 'tok', member: memberFixture() } : {}) });
  return server;
}

describe('activity comments', () => {
  it('counts characters as the server does (an emoji is one)', () => {
    expect(charCount(' 😀😀 ')).toBe(2);
  });

  it('shows comments as text; 141 characters cannot be posted; a post lists first', async () => {
    const server = setup(true);
    const box = await screen.findByTestId('promo-comments');
    const first = await within(box).findByText('<img src=x onerror="window.__xss=1">');
    expect(first).toBeTruthy();
    expect(box.querySelector('img')).toBeNull();
    const input = within(box).getByTestId('comment-input');
    fireEvent.change(input, { target: { value: 'x'.repeat(141) } });
    expect((within(box).getByRole('button', { name: 'Publicar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(box).getByText('Un comentario puede tener como máximo 140 caracteres.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '¡Gran promo!' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(server.count('POST /wps/relay/PROMOFE_addComment')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/relay/PROMOFE_addComment')?.body).toEqual({ promotionId: '7', content: '¡Gran promo!' });
    await waitFor(() => expect(within(box).getAllByTestId('comment')[0].textContent).toContain('¡Gran promo!'));
    expect(within(box).getAllByTestId('comment')[0].textContent).toContain('Usted');
  }, 20_000);

  it('a visitor reads comments and is asked to log in', async () => {
    setup(false);
    const box = await screen.findByTestId('promo-comments');
    await within(box).findByText('<img src=x onerror="window.__xss=1">');
    expect(within(box).queryByTestId('comment-input')).toBeNull();
    expect(within(box).getByRole('button', { name: 'Inicie sesión para comentar' })).toBeTruthy();
  });
});
