/** The betting record (member centre personalHistoryCopy): GET /wps/relay/ODSFE2_betRecords. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountGames, type GameType } from '@lobby/contract';
import { call } from '@/lib/api';
import type { DayRange } from '@/lib/amounts';

export type BetStatus = (typeof accountGames.BET_STATUSES)[number];

export interface BetRecordQuery extends DayRange {
  page: number;
  gameType?: GameType;
  status?: BetStatus;
}

export const betRecordKeys = {
  all: ['games', 'mine', 'betRecords'] as const,
  list: (q: BetRecordQuery) => [...betRecordKeys.all, q] as const,
};

export function useBetRecords(q: BetRecordQuery) {
  return useQuery({
    queryKey: betRecordKeys.list(q),
    queryFn: ({ signal }) => call(accountGames.betRecords, { signal, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
