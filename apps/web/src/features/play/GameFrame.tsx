/**
 * The game's frame with a slim toolbar (name, fullscreen toggle, close), shared by the game
 * popup and the /seamless page. Only a http(s) address goes into the frame (the popup's comes
 * from the launch answer, the page's from its own URL); anything else shows a message. Close
 * also follows the game's own close message (same origin, from this frame only) and Escape
 * while this frame is the top-most layer.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';
import { SessionClock } from '@/features/responsible';
import { safeGameUrl, useCloseMessage, useFullscreen } from './frame';
import './locale';
import './play.css';

export interface GameFrameProps {
  url: string;
  title: string;
  onClose: () => void;
  variant: 'popup' | 'page';
  /** Escape closes (default true; the popup passes false while another popup is above it). */
  escapeCloses?: boolean;
}

function FullscreenIcon({ on }: { on: boolean }) {
  const d = on ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5';
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export function GameFrame({ url, title, onClose, variant, escapeCloses = true }: GameFrameProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const fullscreen = useFullscreen(box);
  const playable = safeGameUrl(url, window.location.origin) !== null;
  useCloseMessage(frame, onClose);

  // The popup's dialog has no heading of its own: name it after the game.
  useEffect(() => {
    if (variant !== 'popup') return;
    box.current?.closest('[role="dialog"]')?.setAttribute('aria-label', title);
  }, [variant, title]);

  // Escape while focus is in this document (inside the frame the game owns the keyboard).
  useEffect(() => {
    if (!escapeCloses) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.fullscreenElement) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [escapeCloses, onClose]);

  return (
    <div ref={box} className={`game-frame game-frame--${variant}`}>
      <div className="game-frame__bar">
        <span className="game-frame__title">{title}</span>
        <SessionClock />
        {fullscreen.supported && (
          <button
            type="button"
            className="icon-btn game-frame__btn"
            onClick={fullscreen.toggle}
            aria-pressed={fullscreen.on}
            aria-label={fullscreen.on ? t('play.exitFullscreen') : t('play.fullscreen')}
            title={fullscreen.on ? t('play.exitFullscreen') : t('play.fullscreen')}
          >
            <FullscreenIcon on={fullscreen.on} />
          </button>
        )}
        <button
          type="button"
          className="icon-btn game-frame__btn game-frame__close"
          onClick={onClose}
          aria-label={variant === 'page' ? t('play.back') : t('play.close')}
          title={variant === 'page' ? t('play.back') : t('play.close')}
          data-autofocus
        >
          <CloseIcon />
        </button>
      </div>
      <div className="game-frame__stage">
        {!playable ? (
          <p className="game-frame__message" role="alert">{t('play.badUrl')}</p>
        ) : (
          <>
            {!loaded && <p className="game-frame__message" role="status">{t('play.loading')}</p>}
            <iframe
              ref={frame}
              className="game-frame__iframe"
              src={url}
              title={t('play.frameTitle', { name: title })}
              allow="fullscreen; autoplay; clipboard-write"
              allowFullScreen
              onLoad={() => setLoaded(true)}
            />
          </>
        )}
      </div>
    </div>
  );
}
