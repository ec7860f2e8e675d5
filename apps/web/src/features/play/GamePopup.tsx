/** The game popup (registry name 'game'): a large modal around the game frame (§2, §8). */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PopupBodyProps } from '@/components/popups';
import { usePopups } from '@/components/popups';
import { GameFrame } from './GameFrame';
import { refreshAfterGame } from './frame';

export default function GamePopup({ close, props }: PopupBodyProps<'game'>) {
  const qc = useQueryClient();
  const { stack } = usePopups();
  const onTop = stack[stack.length - 1]?.name === 'game';

  // However the popup goes away, the money and the recent games are read again.
  useEffect(() => () => refreshAfterGame(qc), [qc]);

  return <GameFrame url={props.url} title={props.title} onClose={close} variant="popup" escapeCloses={onTop} />;
}
