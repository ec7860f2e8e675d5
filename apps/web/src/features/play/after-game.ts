/** What features read again after a game (the games feature: the recent games); refreshAfterGame (frame.ts) runs them. */
import type { QueryClient } from '@tanstack/react-query';

const afterGame = new Set<(qc: QueryClient) => void>();

export function onAfterGame(fn: (qc: QueryClient) => void): void {
  afterGame.add(fn);
}

export function runAfterGame(qc: QueryClient): void {
  for (const fn of afterGame) fn(qc);
}
