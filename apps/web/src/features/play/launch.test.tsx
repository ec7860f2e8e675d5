import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { games } from '@lobby/contract';
import { AppProviders, createQueryClient } from '@/test/render';
import { systemKeys } from '@/lib/system';
import { memberKeys } from '@/features/session';
import { walletKeys } from '@/features/wallet';
import { initI18n } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fail, fakeServer, ok } from '@/test/server';
import { launchStep, resetLaunchState, safeBackPath, sitePageOf, useLaunchGame, type LaunchMode } from './launch';
import { isCloseMessage, safeGameUrl } from './frame';
import { gameKeys } from '@/features/games';
import SeamlessPage from './SeamlessPage';

const GAME: games.Game = {
  nodeId: 'aurora-slot5', gameId: 'g1', gameCode: 'SLOT5', gameName: 'Aurora Slots', nodeName: 'Aurora Slots', gameType: 'RNG',
  vassalage: 'RNG-AURORA', showIcon: '', iconUrl: '', isHot: 0, supportPlay: 0, maintenance: false,
};
const LAUNCH = 'POST /wps/game/launchGame';
const GAME_URL = '/demo-vendor/play/slot5?token=abc';

function Play({ game = GAME }: { game?: games.Game }) {
  const launch = useLaunchGame();
  const l = useLocation();
  return (
    <>
      {(['real', 'trial'] as LaunchMode[]).map((m) => (
        <button key={m} type="button" onClick={() => launch(game, m)}>play-{m}</button>
      ))}
      <div data-testid="location">{l.pathname + l.search}</div>
    </>
  );
}

function setup({ token = null as string | null, member = undefined as ReturnType<typeof memberFixture> | undefined, game = GAME, phone = false } = {}) {
  initI18n('ES');
  setToken(token);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: phone, media: q, addEventListener() {}, removeEventListener() {} }));
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  client.setQueryData(systemKeys.status(), statusFixture());
  if (member) client.setQueryData(memberKeys.info(), member);
  const utils = render(
    <MemoryRouter initialEntries={['/rng?vendor=RNG-AURORA']}>
      <AppProviders queryClient={client}>
        <Routes>
          <Route path="/rng" element={<Play game={game} />} />
          <Route path="/seamless" element={<><SeamlessPage /><Probe /></>} />
          <Route path="/vnLottery" element={<Probe />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...utils, client };
}
function Probe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

// Lazy chunks and a busy machine: allow more than the default second.
configure({ asyncUtilTimeout: 4000 });
// The game popup body is lazy: load it once so no test waits on the first import.
beforeAll(async () => {
  await import('./GamePopup');
});
beforeEach(() => resetLaunchState());
const findFrame = () => screen.findByTitle('Juego: Aurora Slots');
afterEach(() => vi.useRealTimers());

describe('launchStep', () => {
  const loggedOut = { loggedIn: false, trial: false };
  const member = { loggedIn: true, trial: false };
  const trial = { loggedIn: true, trial: true };
  it('real play: login first, then a real account', () => {
    expect(launchStep(GAME, 'real', loggedOut)).toBe('login');
    expect(launchStep(GAME, 'real', trial)).toBe('trialWarning');
    expect(launchStep(GAME, 'real', member)).toBe('launch');
  });
  it('free trial needs neither; maintenance wins over everything', () => {
    expect(launchStep(GAME, 'trial', loggedOut)).toBe('launch');
    expect(launchStep(GAME, 'trial', trial)).toBe('launch');
    expect(launchStep({ maintenance: true }, 'trial', member)).toBe('maintenance');
    expect(launchStep({ maintenance: true }, 'real', loggedOut)).toBe('maintenance');
  });
  it('back paths and game addresses are checked', () => {
    expect(safeBackPath('/rng?vendor=X')).toBe('/rng?vendor=X');
    expect(safeBackPath('//evil.example')).toBe('/');
    expect(safeBackPath('https://evil.example')).toBe('/');
    expect(safeBackPath('/\\evil.example')).toBe('/');
    expect(safeGameUrl('javascript:alert(1)', 'http://localhost')).toBeNull();
    expect(safeGameUrl('/demo-vendor/play/x?token=1', 'http://localhost')).toBe('http://localhost/demo-vendor/play/x?token=1');
    expect(safeGameUrl('https://games.example/p', 'http://localhost')).toBe('https://games.example/p');
  });
});

describe('useLaunchGame', () => {
  it('logged out, real play: the login popup opens and nothing is launched', async () => {
    const server = fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: false }) });
    setup();
    fireEvent.click(screen.getByText('play-real'));
    expect(await screen.findByRole('dialog', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(server.count(LAUNCH)).toBe(0);
  });

  it('logged out, free trial: launches with accountType 0 and the language, no login', async () => {
    const server = fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: true }) });
    setup();
    fireEvent.click(screen.getByText('play-trial'));
    expect(await findFrame()).toHaveAttribute('src', GAME_URL);
    expect(server.calls[0].body).toMatchObject({ accountType: 0, language: 'ES', nodeId: 'aurora-slot5', vassalage: 'RNG-AURORA', gameType: 'RNG' });
    expect(server.calls[0].body).not.toHaveProperty('backUrl');
  });

  it('trial account, real play: the in_need_true_account warning with a confirm button', async () => {
    const server = fakeServer({});
    setup({ token: 't', member: memberFixture({ type: 4, isTrial: true }) });
    fireEvent.click(screen.getByText('play-real'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Registre una cuenta real para usar esta función.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.count(LAUNCH)).toBe(0);
  });

  it('game_maintenance from the server shows the maintenance message', async () => {
    fakeServer({ [LAUNCH]: () => fail(503, 'game_maintenance') });
    setup({ token: 't', member: memberFixture() });
    fireEvent.click(screen.getByText('play-real'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Este juego está en mantenimiento. Inténtelo más tarde.');
  });

  it('a game flagged in maintenance is not launched at all', async () => {
    const server = fakeServer({});
    setup({ token: 't', member: memberFixture(), game: { ...GAME, maintenance: true } });
    fireEvent.click(screen.getByText('play-trial'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('mantenimiento');
    expect(server.count(LAUNCH)).toBe(0);
  });

  it('other errors show the translated error code', async () => {
    fakeServer({ [LAUNCH]: () => fail(403, 'game.trial.unavailable') });
    setup();
    fireEvent.click(screen.getByText('play-trial'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Este juego no tiene prueba gratuita.');
  });

  it('a double click launches once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = fakeServer({ [LAUNCH]: async () => (await gate, ok({ content: { game_url: GAME_URL }, trial: false })) });
    setup({ token: 't', member: memberFixture() });
    fireEvent.click(screen.getByText('play-real'));
    fireEvent.click(screen.getByText('play-real'));
    fireEvent.click(screen.getByText('play-trial'));
    await act(async () => release());
    await screen.findByRole('dialog');
    expect(server.count(LAUNCH)).toBe(1);
    expect(server.calls[0].body).toMatchObject({ accountType: 1 });
  });

  it('the launch continues after logging in', async () => {
    const server = fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: false }) });
    const { client } = setup();
    fireEvent.click(screen.getByText('play-real'));
    await screen.findByRole('dialog', { name: 'Iniciar sesión' });
    act(() => {
      client.setQueryData(memberKeys.info(), memberFixture());
      setToken('tok');
    });
    await waitFor(() => expect(server.count(LAUNCH)).toBe(1));
    expect(await findFrame()).toBeInTheDocument();
  });

  it('phones open the /seamless page; closing it goes back and refreshes money and recent games', async () => {
    fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: false }) });
    const { client } = setup({ token: 't', member: memberFixture(), phone: true });
    fireEvent.click(screen.getByText('play-real'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/seamless\?/));
    const params = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
    expect(params.get('url')).toBe(GAME_URL);
    expect(params.get('back')).toBe('/rng?vendor=RNG-AURORA');
    const spy = vi.spyOn(client, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: 'Volver al lobby' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/rng?vendor=RNG-AURORA'));
    const keys = spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
    expect(keys).toEqual(expect.arrayContaining([walletKeys.balance(), memberKeys.info(), gameKeys.recent()].map((k) => JSON.stringify(k))));
  });
});

/** Evaluates a media query list of (max-width|max-height: Npx) features against a screen size. */
function mediaAt(width: number, height: number) {
  return (q: string) => ({
    matches: q.split(',').some((part) =>
      [...part.matchAll(/\((max-width|max-height):\s*(\d+)px\)/g)].every(([, f, n]) => (f === 'max-width' ? width : height) <= Number(n))),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  });
}

describe('which phones play full-screen on /seamless', () => {
  it.each([
    ['390×844 portrait', 390, 844, true],
    ['360×640 portrait', 360, 640, true],
    ['844×390 held sideways', 844, 390, true],
    ['1366×768 laptop', 1366, 768, false],
  ])('%s', async (_name, w, h, page) => {
    fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: false }) });
    setup({ token: 't', member: memberFixture() });
    vi.stubGlobal('matchMedia', mediaAt(w, h));
    fireEvent.click(screen.getByText('play-real'));
    if (page) await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/seamless\?/));
    else expect(await findFrame()).toBeInTheDocument();
  });
});

describe('a lottery game (a page of the site)', () => {
  it('is navigated to, not framed', async () => {
    const url = '/vnLottery?gameCode=VN-NORTH&launchMode=LOTT&language=ES';
    fakeServer({ [LAUNCH]: () => ok({ content: { game_url: url }, trial: false }) });
    setup({ token: 't', member: memberFixture() });
    fireEvent.click(screen.getByText('play-real'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(url));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('only the lottery pages count: game pages and other addresses are framed', () => {
    expect(sitePageOf('/lottery?gameCode=FAST1')).toBe('/lottery?gameCode=FAST1');
    expect(sitePageOf('/seaLottery')).toBe('/seaLottery');
    expect(sitePageOf(GAME_URL)).toBeNull();
    expect(sitePageOf('//evil.example/vnLottery')).toBeNull();
    expect(sitePageOf('https://games.example/vnLottery')).toBeNull();
    expect(sitePageOf('/vnLotteryX')).toBeNull();
  });
});

describe('a game address that is not http(s)', () => {
  const BAD = 'javascript:alert(1)';
  it.each([
    ['the popup', false],
    ['the /seamless page', true],
  ])('is not put in the frame of %s', async (_, phone) => {
    fakeServer({ [LAUNCH]: () => ok({ content: { game_url: BAD }, trial: false }) });
    setup({ token: 't', member: memberFixture(), phone });
    fireEvent.click(screen.getByText('play-real'));
    expect(await screen.findByRole('alert')).toHaveTextContent('La dirección de este juego no es válida.');
    expect(screen.queryByTitle('Juego: Aurora Slots')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the game popup closes', () => {
  async function openPopup() {
    fakeServer({ [LAUNCH]: () => ok({ content: { game_url: GAME_URL }, trial: false }) });
    const utils = setup({ token: 't', member: memberFixture() });
    fireEvent.click(screen.getByText('play-real'));
    const frame = (await findFrame()) as HTMLIFrameElement;
    return { ...utils, frame };
  }
  const post = (origin: string, source: Window | null, data: unknown = { type: 'demo-vendor:close' }) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin, source, data }));
    });

  it('on the game close message from our origin and this frame only', async () => {
    const { frame, client } = await openPopup();
    const spy = vi.spyOn(client, 'invalidateQueries');
    post('https://evil.example', frame.contentWindow);
    post(window.location.origin, window);
    post(window.location.origin, frame.contentWindow, { type: 'other' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    post(window.location.origin, frame.contentWindow);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(spy).toHaveBeenCalledWith({ queryKey: walletKeys.balance() });
    expect(spy).toHaveBeenCalledWith({ queryKey: gameKeys.recent() });
  });

  it('on Escape and on the close button; the backdrop does not close it', async () => {
    await openPopup();
    expect(await screen.findByRole('dialog', { name: 'Aurora Slots' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('play-real'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar juego' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the fullscreen toggle asks the browser for the game frame', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    const request = vi.fn(() => Promise.resolve());
    HTMLElement.prototype.requestFullscreen = request;
    try {
      await openPopup();
      fireEvent.click(screen.getByRole('button', { name: 'Pantalla completa' }));
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.contexts[0]).toHaveClass('game-frame');
    } finally {
      delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    }
  });

  it('isCloseMessage refuses other origins, other windows and other messages', () => {
    const frame = {} as Window;
    const msg = { type: 'demo-vendor:close' };
    expect(isCloseMessage({ origin: 'http://a', source: frame, data: msg }, 'http://a', frame)).toBe(true);
    expect(isCloseMessage({ origin: 'http://b', source: frame, data: msg }, 'http://a', frame)).toBe(false);
    expect(isCloseMessage({ origin: 'http://a', source: {} as Window, data: msg }, 'http://a', frame)).toBe(false);
    expect(isCloseMessage({ origin: 'http://a', source: frame, data: 'demo-vendor:close' }, 'http://a', frame)).toBe(false);
    expect(isCloseMessage({ origin: 'http://a', source: frame, data: msg }, 'http://a', null)).toBe(false);
  });
});
