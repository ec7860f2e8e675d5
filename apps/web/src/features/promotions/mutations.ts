/**
 * Join and claim (apart from the queries in api.ts, which the side menu loads with the first
 * screen: this module, and the mutation code, load with the promotion pages only).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotions } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys } from '@/features/session';
import { walletKeys } from '@/features/wallet';
import { promotionKeys } from './api';

/** Join (or apply) and claim: the same refreshes after either. */
export function usePromotionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, promotionId }: { action: 'join' | 'claim'; promotionId: string }) =>
      call(action === 'join' ? promotions.joinPromotion : promotions.claimPromotion, { body: { promotionId } }),
    onSettled: (_d, _e, v) => {
      void qc.invalidateQueries({ queryKey: promotionKeys.all });
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
      if (v.action === 'claim') void qc.invalidateQueries({ queryKey: walletKeys.balance() });
    },
  });
}
