import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { games } from '@lobby/contract';
import { fakeServer, ok, type FakeCall } from '@/test/server';
import { renderApp } from '@/test/render';
import { memberFixture } from '@/test/fixtures';
import { initI18n } from '@/lib/i18n';
import { isLargeDropdown, menuCategories, requestGap, vendorHref, winnerBoardMoves } from './logic';
import { useGamePages } from './pages';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => vi.useRealTimers());

const vendor = (code: string, i = 0) => ({ vassalage: code, displayName: `${code.split('-')[1]} ${i}`, gameCount: 5, maintenance: false, lagerIcon: `/lgw/images/${code}/x/vendor.svg` });
const category = (gameType: games.GameType, n: number): games.MenuCategory => ({
  gameType,
  vendorCount: n,
  gameCount: n * 5,
  largeDropdown: n > 10,
  vendors: Array.from({ length: n }, (_, i) => vendor(`${gameType}-V${i}`, i)),
});
const MENUS = [category('RNG', 11), category('LIVE', 2), category('SPORTS', 0), category('FISH', 1)];

const game = (i: number, over: Partial<games.Game> = {}): games.Game => ({
  nodeId: `n${i}`, gameId: `g${i}`, gameCode: `c${i}`, gameName: `Juego ${i}`, nodeName: `Juego ${i}`, gameType: 'RNG',
  vassalage: 'RNG-V0', showIcon: '', iconUrl: `/img/${i}.svg`, isHot: 0, supportPlay: 1, maintenance: false, ...over,
});

function catalogRoutes(extra: Record<string, (c: FakeCall) => ReturnType<typeof ok> | Promise<ReturnType<typeof ok>>> = {}) {
  return {
    'GET /lgw/games/game_menus': () => ok(MENUS),
    'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: [] }),
    'GET /wps/relay/GCSGAME_winnerBoard': () => ok({ list: [] }),
    'GET /wps/relay/GCSGAME_gameVendor': () => ok({ data: { lanes: [{ title: 'RNG', cards: [] }] } }),
    'GET /wps/relay/GCSGAME_gameList': (c: FakeCall) => {
      const page = Number(c.query.get('pageNo') ?? 1);
      return ok({ games: Array.from({ length: 3 }, (_, i) => game(page * 10 + i, { supportPlay: i === 0 ? 0 : 1, isHot: i === 1 ? 1 : 0 })), totalPages: 3, totalCount: 9 });
    },
    ...extra,
  };
}

describe('lobby rules without React', () => {
  it('menu: only categories with vendors, in the server order; the large dropdown above 10 vendors', () => {
    const shown = menuCategories(MENUS);
    expect(shown.map((m) => m.gameType)).toEqual(['RNG', 'LIVE', 'FISH']);
    expect(shown.map(isLargeDropdown)).toEqual([true, false, false]);
    expect(isLargeDropdown(category('RNG', 10))).toBe(false);
    expect(menuCategories(undefined)).toEqual([]);
    expect(vendorHref('RNG', 'RNG-A B')).toBe('/rng?vassalage=RNG-A+B');
    expect(vendorHref('SPORTS', 'SPORTS-X')).toBe('/sports?vassalage=SPORTS-X');
  });

  it('page requests start at least 300 ms apart, however fast they are asked for', async () => {
    vi.useFakeTimers();
    const gate = requestGap(300);
    const started: number[] = [];
    const ask = () => gate().then(() => started.push(Date.now()));
    const t0 = Date.now();
    void ask();
    void ask();
    void ask();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started.map((t) => t - t0)).toEqual([0, 300, 600]);
    await vi.advanceTimersByTimeAsync(2000);
    const late = Date.now();
    void ask();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.at(-1)).toBe(late);
  });

  it('the winner board moves only with at least 12 entries and without reduced motion', () => {
    expect(winnerBoardMoves(11, false)).toBe(false);
    expect(winnerBoardMoves(12, false)).toBe(true);
    expect(winnerBoardMoves(20, true)).toBe(false);
  });
});

describe('game list paging', () => {
  it('asks page after page, 20 a page, never closer than 300 ms', async () => {
    initI18n('ES');
    const times: number[] = [];
    const routes = catalogRoutes();
    const list = routes['GET /wps/relay/GCSGAME_gameList'];
    const server = fakeServer({ ...routes, 'GET /wps/relay/GCSGAME_gameList': (c) => (times.push(Date.now()), list(c)) });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useGamePages({ gameType: 'RNG' }), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(3));
    expect(result.current.hasNextPage).toBe(false);
    const lists = server.calls.filter((c) => c.path === '/wps/relay/GCSGAME_gameList');
    expect(lists.map((c) => [c.query.get('pageNo'), c.query.get('pageSize')])).toEqual([['1', '20'], ['2', '20'], ['3', '20']]);
    // The gate spaces request starts exactly (see above); here the fetch pipeline adds a few ms of jitter.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(280);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(280);
  });
});

// Whole-app renders load lazy chunks: room for a busy machine.
const SLOW = 15_000;

describe('header and home tabs', () => {
  it('list the categories with vendors; the large dropdown above 10 vendors', async () => {
    fakeServer(catalogRoutes());
    renderApp();
    const nav = screen.getByRole('navigation', { name: /juegos/i });
    await within(nav).findByRole('link', { name: 'Tragamonedas' });
    expect(within(nav).queryByRole('link', { name: 'Deportes' })).not.toBeInTheDocument();
    // the dropdowns load when focus (or the pointer) first reaches the menu
    act(() => within(nav).getByRole('link', { name: 'Tragamonedas' }).focus());
    expect(await screen.findByTestId('catmenu-RNG', {}, { timeout: 4000 })).toHaveClass('catmenu--large');
    expect(within(screen.getByTestId('catmenu-RNG')).getAllByRole('link')).toHaveLength(11);
    expect(screen.getByTestId('catmenu-LIVE')).not.toHaveClass('catmenu--large');
    const tabs = within(screen.getByRole('tablist', { name: 'Categorías de juegos' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Inicio', 'Favoritos', 'Tragamonedas', 'Casino en vivo', 'Pesca']);
  }, SLOW);

  it('FAV while logged out opens the login popup', async () => {
    fakeServer(catalogRoutes());
    renderApp();
    await userEvent.click(screen.getByRole('tab', { name: 'Favoritos' }));
    expect(await screen.findByRole('dialog', { name: 'Iniciar sesión' })).toBeInTheDocument();
  }, SLOW);
});

describe('home first render', () => {
  it('draws a row\'s first view of cards and the rest, and the vendor rows, when scrolled near', async () => {
    const observed: Array<{ el: Element; fire: () => void }> = [];
    class FakeObserver {
      constructor(private cb: IntersectionObserverCallback) {}
      observe(el: Element) {
        observed.push({ el, fire: () => act(() => this.cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver)) });
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    fakeServer(catalogRoutes({ 'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: Array.from({ length: 20 }, (_, i) => game(100 + i, { isHot: 1 })) }) }));
    renderApp();
    const hot = (await screen.findByRole('heading', { name: /Populares/ })).closest('section')!;
    await waitFor(() => expect(within(hot).getAllByRole('listitem').filter((li) => li.classList.contains('gcard'))).toHaveLength(14));
    // no vendor row yet: each waits in its slot
    expect(screen.queryByRole('heading', { name: /Tragamonedas ·/ })).not.toBeInTheDocument();
    observed.find((o) => o.el.classList.contains('game-row__sentinel'))!.fire();
    await waitFor(() => expect(within(hot).getAllByRole('listitem').filter((li) => li.classList.contains('gcard'))).toHaveLength(20));
    observed.filter((o) => o.el.classList.contains('game-row-slot')).forEach((o) => o.fire());
    expect(await screen.findAllByRole('heading', { name: /Tragamonedas ·/ })).toHaveLength(3);
    vi.unstubAllGlobals();
  }, SLOW);
});

describe('favourite heart', () => {
  it('adds at once, ignores a second toggle within a second, removes locally at once, then reads the lists again', async () => {
    let answerAdd: () => void = () => {};
    const favs = new Set<string>();
    const server = fakeServer(
      catalogRoutes({
        'GET /wps/member/info': () => ok(memberFixture()),
        'GET /wps/relay/MCSFE_getFavoriteGames': () => ok({ content: [...favs].map((nodeId) => ({ nodeId })), pageNum: 1, totalPages: 1 }),
        'POST /wps/relay/MCSFE_addFavoriteGameV2': () =>
          new Promise((r) => (answerAdd = () => (favs.add('n10'), r(ok({ nodeId: 'n10', favorite: true }))))),
        'POST /wps/relay/MCSFE_removeFavoriteGameV2': () => (favs.delete('n10'), ok({ nodeId: 'n10', favorite: false })),
      }),
    );
    renderApp({ route: '/rng', token: 'tok', member: memberFixture() });
    const heart = await screen.findByRole('button', { name: 'Añadir Juego 10 a favoritos' }, { timeout: 4000 });
    await userEvent.click(heart);
    // optimistic: pressed before the server answers
    expect(screen.getByRole('button', { name: 'Quitar Juego 10 de favoritos' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.count('POST /wps/relay/MCSFE_addFavoriteGameV2')).toBe(1);
    // a second toggle within the second is dropped
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Juego 10 de favoritos' }));
    expect(server.count('POST /wps/relay/MCSFE_removeFavoriteGameV2')).toBe(0);
    expect(server.count('POST /wps/relay/MCSFE_addFavoriteGameV2')).toBe(1);
    expect(screen.getByRole('button', { name: 'Quitar Juego 10 de favoritos' })).toHaveAttribute('aria-pressed', 'true');
    const before = server.count('GET /wps/relay/MCSFE_getFavoriteGames');
    answerAdd();
    // the list is read again after the answer
    await waitFor(() => expect(server.count('GET /wps/relay/MCSFE_getFavoriteGames')).toBeGreaterThan(before));
    await new Promise((r) => setTimeout(r, 1000));
    await userEvent.click(await screen.findByRole('button', { name: /Juego 10 de favoritos/ }));
    expect(screen.getByRole('button', { name: 'Añadir Juego 10 a favoritos' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(server.count('POST /wps/relay/MCSFE_removeFavoriteGameV2')).toBe(1));
    const removed = server.calls.find((c) => c.path === '/wps/relay/MCSFE_removeFavoriteGameV2');
    expect(removed?.body).toEqual({ nodeId: 'n10', vendor: 'RNG-V0', gameType: 'RNG' });
  }, SLOW);

  it('logged out: the heart opens the login popup and sends nothing', async () => {
    const server = fakeServer(catalogRoutes());
    renderApp({ route: '/rng' });
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir Juego 10 a favoritos' }, { timeout: 4000 }));
    expect(await screen.findByRole('dialog', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(server.count('POST /wps/relay/MCSFE_addFavoriteGameV2')).toBe(0);
  }, SLOW);
});

describe('winner board', () => {
  const entry = (i: number) => ({ customerName: `p****${i}`, winAmount: `${1000 - i}.50`, gameName: `Juego ${i}`, iconUrl: `/img/${i}.svg`, nodeId: `n${i}`, gameType: 'RNG', vassalage: 'RNG-V0' });
  it.each([
    [11, 11],
    [12, 24],
  ])('with %i entries draws %i rows (drawn twice to loop only from 12 on)', async (count, rows) => {
    fakeServer(catalogRoutes({ 'GET /wps/relay/GCSGAME_winnerBoard': () => ok({ list: Array.from({ length: count }, (_, i) => entry(i)) }) }));
    renderApp();
    const board = (await screen.findByRole('heading', { name: 'Últimos ganadores' }, { timeout: 4000 })).closest('section')!;
    await waitFor(() => expect(board.querySelectorAll('.winners__row')).toHaveLength(rows));
    expect(within(board).getAllByText('p****0')).toHaveLength(rows / count);
    expect(within(board).getAllByText('$ 1,000.50').length).toBeGreaterThan(0);
  }, SLOW);
});

describe('my games (/favorite, /recent)', () => {
  const mine = (extra: Parameters<typeof catalogRoutes>[0]) =>
    fakeServer(catalogRoutes({ 'GET /wps/member/info': () => ok(memberFixture()), 'GET /wps/relay/MCSFE_getFavoriteGames': () => ok({ content: [], pageNum: 1, totalPages: 1 }), ...extra }));

  it('no favourites: the empty state leads to the slots', async () => {
    mine({ 'GET /wps/relay/MCSFE_getFavoriteGamesList': () => ok({ content: [], pageNum: 1, totalPages: 1 }) });
    renderApp({ route: '/favorite', token: 'tok', member: memberFixture() });
    expect(await screen.findByText('Aún no tiene favoritos. Toque el corazón de un juego para guardarlo aquí.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explorar juegos' })).toHaveAttribute('href', '/rng');
  }, SLOW);

  it('recent games: 20 a page, More asks for the next page', async () => {
    const server = mine({
      'GET /wps/relay/GCS_recentGame': (c: FakeCall) => {
        const page = Number(c.query.get('page') ?? 1);
        return ok({ list: [{ ...game(page * 100), lastPlayedAt: '2026-11-20T18:00:00.000Z' }], page, totalPages: 2, total: 2 });
      },
    });
    renderApp({ route: '/recent', token: 'tok', member: memberFixture() });
    expect(await screen.findByText('Juego 100', {}, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Más' }));
    expect(await screen.findByText('Juego 200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Más' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/wps/relay/GCS_recentGame').map((c) => [c.query.get('page'), c.query.get('pageSize')])).toEqual([['1', '20'], ['2', '20']]);
  }, SLOW);
});

describe('game card (issue 23 items 3 and 13)', () => {
  it('the free-trial button is named by its visible words, then the game; it sits after the name and vendor, not over the art', async () => {
    fakeServer(catalogRoutes());
    renderApp({ route: '/rng' });
    const trial = await screen.findByRole('button', { name: 'Prueba gratis: Juego 10' });
    expect(trial.textContent?.startsWith('Prueba gratis')).toBe(true);
    const card = trial.closest('li')!;
    expect(trial.closest('.gcard__art')).toBeNull();
    // DOM order: art, name, vendor, trial
    expect([...card.children].map((c) => c.className.split(' ')[0])).toEqual(['gcard__art', 'gcard__name', 'gcard__vendor', 'gcard__trial']);
  });
});
