/**
 * /seamless — the seamless game page (§2; side menu hidden): `?url=` the game address (the
 * frame takes only http(s)), `?back=` the lobby page to return to, `?name=` the game's name.
 * The game takes the whole screen (no site header, menus, footer or bottom navigation; portrait
 * and landscape) with one slim bar: its name, fullscreen and the one close control (the demo
 * vendor's pages hide their own close inside a frame). Closing (button, Escape or the game's
 * close message) goes back there and reads the balance, member info and recent games again.
 */
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { GameFrame } from './GameFrame';
import { refreshAfterGame } from './frame';
import { safeBackPath } from './launch';
import './locale';
import './play.css';

export default function SeamlessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const back = safeBackPath(params.get('back'));
  const fromLaunch = !!(location.state as { fromLaunch?: boolean } | null)?.fromLaunch;

  useEffect(() => () => refreshAfterGame(qc), [qc]);

  // Opened by a launch: step back in history (the lobby page as it was); a direct link: replace.
  const close = useCallback(() => {
    if (fromLaunch) void navigate(-1);
    else void navigate(back, { replace: true });
  }, [fromLaunch, navigate, back]);

  return (
    <main id="main" className="seamless-page" aria-labelledby="seamless-title">
      <h1 id="seamless-title" className="visually-hidden">{params.get('name') || t('pages.seamless.title')}</h1>
      <GameFrame url={params.get('url') ?? ''} title={params.get('name') || t('play.game')} onClose={close} variant="page" />
    </main>
  );
}
