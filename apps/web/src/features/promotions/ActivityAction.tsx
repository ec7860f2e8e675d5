/** The activity label of a promotion (§4) and its button: join / apply, claim, or log in. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { promotions as P } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { showToast } from '@/lib/toast';
import { useLoginPopup } from '@/features/session';
import { apiErrorText, FormNote } from '@/components/ui/kit';
import { usePromotionAction } from './mutations';
import { labelView, toneOf } from './labels';

export function LabelChip({ label }: { label: P.Label | null }) {
  const { t } = useTranslation();
  if (!label) return null;
  return (
    <span className={`promo-label promo-label--${toneOf(label)}`} data-testid="promo-label" data-label={label}>
      {t(`promotions.label.${label}`)}
    </span>
  );
}

const SAID_BY_BUTTON = new Set<P.Label>(['join', 'claim']);

export function ActivityAction({ promotion, size = 'md' }: { promotion: P.Promotion; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const login = useLoginPopup();
  const act = usePromotionAction();
  const v = labelView(promotion);
  // a double click sends one request (the server answers a retry with the first claim anyway)
  const busy = useRef(false);
  const onClick = () => {
    if (v.action === 'login') return login.openLogin({ returnTo: `/promotions#${promotion.id}` });
    if (!v.action || busy.current) return;
    busy.current = true;
    act.mutate(
      { action: v.action === 'claim' ? 'claim' : 'join', promotionId: promotion.id },
      {
        onSuccess: (m) => showToast(m.label === 'claimed' ? t('promotions.claimedToast', { amount: m.amount }) : t(`promotions.label.${m.label}`)),
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };
  return (
    <div className="promo-action" data-label={v.label ?? undefined}>
      {/* join and claim speak through their button; other labels show as a chip */}
      {!(v.label && SAID_BY_BUTTON.has(v.label) && v.action) && <LabelChip label={v.label} />}
      {v.action && (
        <button
          type="button"
          className={`btn ${v.action === 'claim' ? 'btn--primary' : 'btn--ghost'} ${size === 'sm' ? 'btn--sm' : ''}`}
          onClick={onClick}
          disabled={act.isPending}
          data-testid="promo-action"
          data-action={v.action}
          data-label={v.label ?? undefined}
        >
          <Icon name={v.action === 'claim' ? 'gift' : v.action === 'login' ? 'user' : 'star'} size={16} /> {t(`promotions.action.${v.action}`)}
        </button>
      )}
      {act.isError && <FormNote>{apiErrorText(act.error)}</FormNote>}
    </div>
  );
}
