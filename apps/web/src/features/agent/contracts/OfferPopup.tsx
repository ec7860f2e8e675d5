/**
 * The contract popup (§2 "contract popup (logged in)"; issue 23 item 11): at the login after an
 * upline (or the platform) offered a contract, the login answer's `contractFlags.pendingOffers`
 * opens it. It lists the offers waiting for the caller with their tiers; each is accepted or
 * rejected here (the same calls as the agent centre's contract pages) or left for later, and the
 * agent centre's page of its kind is one link away. It closes once no offer is left.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { contracts } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { DateTime, ErrorState, SkeletonRows, apiErrorText, FormNote } from '@/components/ui/kit';
import { useSession } from '@/features/session';
import { showToast } from '@/lib/toast';
import { useContractAction, useContracts } from './api';
import { PlanLine, TierTable } from './MyContract';
import '../locale';

const PAGE_OF_KIND: Record<contracts.ContractKind, string> = {
  dividend: 'agentDividendRecordCopy2',
  daily: 'agentDailyWages2',
  hourly: 'agentHourSalary',
  realtime: 'agentRealtimeSalary',
};

export default function OfferPopup({ close }: PopupBodyProps<'contractOffer'>) {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol ?? '';
  const q = useContracts({ role: 'downline', status: 'new', pageSize: 50 });
  const act = useContractAction();
  if (q.isPending) return <SkeletonRows rows={2} cols={3} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const offers = q.data.list.filter((c) => c.canAccept);
  return (
    <div className="ac-offer-popup" data-testid="contract-offer-popup">
      <p className="muted">{t('agent.contracts.popup.lead', { count: offers.length })}</p>
      {act.isError && <FormNote>{apiErrorText(act.error)}</FormNote>}
      <div className="ac-contracts">
        {offers.map((c) => (
          <article key={c.contractId} className="ac-contract ac-contract--new" data-testid="offered-to-me">
            <header className="ac-contract__head">
              <strong>{t(`agent.contracts.kind.${c.kind}`)}</strong>
              <span dir="auto">{c.fromPlatform ? t('agent.contracts.platform') : t('agent.contracts.upline', { account: c.uplineAccount })}</span>
              {c.period && <span className="muted w-small">{t('agent.contracts.periodLabel')}: {t(`agent.contracts.period.${c.period}`)}</span>}
              <span className="muted w-small ac-contract__date">{t('agent.contracts.offered')} <DateTime value={c.createdAt} /></span>
            </header>
            <PlanLine c={c} symbol={symbol} />
            {c.tiers.length > 0 && <TierTable kind={c.kind} tiers={c.tiers} symbol={symbol} />}
            <div className="ac-contract__actions">
              {(['accept', 'reject'] as const).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={`btn btn--sm ${action === 'accept' ? 'btn--primary' : 'btn--ghost'}`}
                  disabled={act.isPending}
                  onClick={() =>
                    act.mutate({ action, contractId: c.contractId }, {
                      onSuccess: () => {
                        showToast(t(`agent.contracts.done.${action}`));
                        if (offers.length <= 1) close();
                      },
                    })
                  }
                >
                  {t(`agent.contracts.${action}`)}
                </button>
              ))}
              <Link className="btn btn--ghost btn--sm" to={`/agentHome?page=${PAGE_OF_KIND[c.kind]}`} onClick={close}>
                {t('agent.contracts.popup.open')}
              </Link>
            </div>
          </article>
        ))}
      </div>
      <div className="alert__actions">
        <button type="button" className="btn btn--ghost" onClick={close} data-autofocus>
          {t('agent.contracts.popup.later')}
        </button>
      </div>
    </div>
  );
}
