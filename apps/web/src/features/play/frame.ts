/**
 * What the game popup and the /seamless page share: the game page's close message (same
 * origin only, from the game's own frame), the refresh after a game (balance, member info,
 * recent games) and the fullscreen toggle.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { memberKeys } from '@/features/session';
import { walletKeys } from '@/features/wallet';
import { runAfterGame } from './after-game';

/** Posted by the demo vendor's game page to its parent window when the player presses close. */
const CLOSE_MESSAGE_TYPE = 'demo-vendor:close';

/** True for `{type: 'demo-vendor:close'}` from our own origin, sent by the game's frame. */
export function isCloseMessage(e: Pick<MessageEvent, 'origin' | 'data' | 'source'>, origin: string, frame: Window | null | undefined): boolean {
  if (e.origin !== origin || !frame || e.source !== frame) return false;
  const data = e.data as { type?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === CLOSE_MESSAGE_TYPE;
}

/** Calls `onClose` when the iframe in `frame` posts the close message. */
export function useCloseMessage(frame: RefObject<HTMLIFrameElement | null>, onClose: () => void): void {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (isCloseMessage(e, window.location.origin, frame.current?.contentWindow)) latest.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
}

/** After a game: the balance and member info (header) and what features asked for (recent games) are read again. */
export function refreshAfterGame(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: walletKeys.balance() });
  void qc.invalidateQueries({ queryKey: memberKeys.info() });
  runAfterGame(qc);
}

/** Only a http(s) address may go into the game frame; anything else (javascript:, data:) is refused. */
export function safeGameUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Fullscreen of one element: `on`, `toggle`, and whether the browser allows it. */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(!!target.current && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void target.current?.requestFullscreen?.();
  }, [target]);
  return { on, toggle, supported: typeof document !== 'undefined' && !!document.fullscreenEnabled };
}
