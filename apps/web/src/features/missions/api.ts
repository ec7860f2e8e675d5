/**
 * Missions and leaderboard hooks built from the contract. A claim refreshes exactly what it
 * changes: the missions (and the badge, the same query), the leaderboard and the wallet balance.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODULES, missions, type missions as M } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api';
import { memberKeys, useSession } from '@/features/session';
import { useModuleEnabled } from '@/lib/system';
import { walletKeys } from '@/features/wallet';

export const missionKeys = {
  all: ['missions'] as const,
  summary: (lang: string) => [...missionKeys.all, 'summary', lang] as const,
  board: (period: string) => [...missionKeys.all, 'board', period] as const,
};

const useLang = () => useTranslation().i18n.language.toUpperCase();

/** The missions of a real (non-trial) logged-in member when the brand has them. */
function useMissionsOn() {
  const session = useSession();
  const on = useModuleEnabled(MODULES.missions);
  return on && session.loggedIn && !session.trial && !session.pending;
}

export function useMissionSummary() {
  const lang = useLang();
  const enabled = useMissionsOn();
  return useQuery({
    queryKey: missionKeys.summary(lang),
    queryFn: ({ signal }) => call(missions.getSummary, { signal, query: { language: lang } }),
    enabled,
    staleTime: 30_000,
  });
}

/** The member-centre badge: how many missions can be claimed now. */
export function useMissionBadge(): number {
  const enabled = useMissionsOn();
  const q = useMissionSummary();
  return enabled ? q.data?.claimableCount ?? 0 : 0;
}

export function useLeaderboard(period: (typeof M.LEADERBOARD_PERIODS)[number]) {
  return useQuery({
    queryKey: missionKeys.board(period),
    queryFn: ({ signal }) => call(missions.getLeaderboard, { signal, query: { period } }),
    staleTime: 15_000,
  });
}

export function useClaimMission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (missionId: string) => call(missions.claimMission, { body: { missionId } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: missionKeys.all });
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
    },
  });
}
