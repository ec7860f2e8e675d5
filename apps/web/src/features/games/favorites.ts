/**
 * The favourite heart (§4, §5): logged out it opens the login popup; a toggle of the same game
 * is throttled to once a second; an add is optimistic and ignored when the game is already a
 * favourite; a removal is local at once; after either the lists are read again. A failure
 * shows its translated message in an alert and the refresh puts the hearts back as the server has them.
 */
import { useCallback, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accountGames, LIMITS } from '@lobby/contract';
import { call } from '@/lib/api';
import { usePopups } from '@/components/popups';
import { useSession, describeError, useLoginPopup } from '@/features/session';
import { gameKeys, useFavoriteIds, type Game } from './api';

type IdsValue = { content: Array<{ nodeId: string }>; pageNum: number; totalPages: number };
type ListValue = { content: Game[]; pageNum: number; totalPages: number };

function setLocal(qc: QueryClient, game: Game, favorite: boolean) {
  qc.setQueryData<IdsValue>(gameKeys.favoriteIds(), (v) => {
    if (!v) return v;
    const rest = v.content.filter((c) => c.nodeId !== game.nodeId);
    return { ...v, content: favorite ? [{ nodeId: game.nodeId }, ...rest] : rest };
  });
  qc.setQueryData<ListValue>(gameKeys.favorites(), (v) => {
    if (!v) return v;
    const rest = v.content.filter((c) => c.nodeId !== game.nodeId);
    return { ...v, content: favorite ? [game, ...rest] : rest };
  });
}

export interface FavoriteToggle {
  isFavorite: (nodeId: string) => boolean;
  toggle: (game: Game) => void;
}

export function useFavoriteToggle(): FavoriteToggle {
  const qc = useQueryClient();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const popups = usePopups();
  const ids = useFavoriteIds().data;
  const lastToggle = useRef(new Map<string, number>());

  const isFavorite = useCallback((nodeId: string) => !!ids?.content.some((c) => c.nodeId === nodeId), [ids]);

  const toggle = useCallback(
    (game: Game) => {
      if (!session.loggedIn) {
        openLogin();
        return;
      }
      const now = Date.now();
      const last = lastToggle.current.get(game.nodeId) ?? -Infinity;
      if (now - last < LIMITS.throttleMs) return;
      lastToggle.current.set(game.nodeId, now);

      const current = qc.getQueryData<IdsValue>(gameKeys.favoriteIds());
      const present = !!current?.content.some((c) => c.nodeId === game.nodeId);
      const body = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
      setLocal(qc, game, !present);
      const request = present ? call(accountGames.removeFavoriteGame, { body }) : call(accountGames.addFavoriteGame, { body });
      request
        .catch((e: unknown) => popups.open('alert', { message: describeError(e) }))
        .finally(() => {
          void qc.invalidateQueries({ queryKey: gameKeys.favoriteIds() });
          void qc.invalidateQueries({ queryKey: gameKeys.favorites() });
        });
    },
    [qc, session.loggedIn, openLogin, popups],
  );

  return { isFavorite, toggle };
}
