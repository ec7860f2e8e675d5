/** VIP hooks built from the contract. A reward claim refreshes the VIP status, member info (label) and the balance. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODULES, vip } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys, useSession } from '@/features/session';
import { useModuleEnabled } from '@/lib/system';
import { walletKeys } from '@/features/wallet';

export const vipKeys = { all: ['vip'] as const, status: () => [...vipKeys.all, 'status'] as const };

export function useVipEnabled() {
  const session = useSession();
  return useModuleEnabled(MODULES.vip) && session.loggedIn && !session.trial && !session.pending;
}

export function useVip() {
  const enabled = useVipEnabled();
  return useQuery({
    queryKey: vipKeys.status(),
    queryFn: ({ signal }) => call(vip.getVip, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useClaimVipReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => call(vip.claimVipReward, { body: { level } }),
    onSuccess: (data) => qc.setQueryData(vipKeys.status(), data),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
      void qc.invalidateQueries({ queryKey: walletKeys.balance() });
    },
  });
}
