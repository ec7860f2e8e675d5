/**
 * The caller's contracts of one kind: with its upline, an offer waiting (accept or reject) and the
 * contract in force (terminate); with its downlines, the offers it made (withdraw) and the
 * contracts in force (terminate); each with its tiers. What the caller may do comes with the data
 * (canAccept, canReject, canTerminate); every action is confirmed first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { contracts } from '@lobby/contract';
import { AlertDialog } from '@/components/Modal';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { DateTime, EmptyState, ErrorState, Money, SkeletonRows, apiErrorText } from '@/components/ui/kit';
import { useContractAction, useContracts, type ContractAction } from './api';

type Contract = contracts.Contract;
type Kind = contracts.ContractKind;
type Role = 'downline' | 'upline';

/** "1.50 %" or "$ 100.00 fijo". */
export function rateText(rateType: 'P' | 'F' | null, rate: string, symbol: string, fixedWord: string): string {
  if (rateType === 'F') return `${formatMoney(rate, { symbol })} ${fixedWord}`;
  return `${rate} %`;
}

const BET_LABEL: Record<Kind, string> = { dividend: 'minimumBet', daily: 'betVolume', hourly: 'hourBet', realtime: 'minimumBet' };
const STATUS_TONE = { new: 'warn', success: 'ok', termination: 'muted' } as const;

export function TierTable({ kind, tiers, symbol }: { kind: Kind; tiers: Contract['tiers']; symbol: string }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`agent.contracts.tier.${k}`);
  return (
    <div className="w-table-wrap">
      <table className="w-table ac-tiers" data-testid="contract-tiers">
        <thead>
          <tr>
            <th>#</th>
            <th className="num-col">{col(BET_LABEL[kind])}</th>
            {kind === 'dividend' && <th className="num-col">{col('netLoss')}</th>}
            <th className="num-col">{col('activeMember')}</th>
            <th className="num-col">{col('rate')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tr, i) => (
            <tr key={i}>
              <td data-label="#" className="num">{i + 1}</td>
              <td data-label={col(BET_LABEL[kind])} className="num-col"><Money value={tr.minimumBet} symbol={symbol} /></td>
              {kind === 'dividend' && <td data-label={col('netLoss')} className="num-col"><Money value={tr.netLoss} symbol={symbol} /></td>}
              <td data-label={col('activeMember')} className="num-col num">{tr.activeMember}</td>
              <td data-label={col('rate')} className="num-col num"><strong>{rateText(tr.rateType, tr.rate, symbol, t('agent.contracts.fixed'))}</strong></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A dividend contract's plan (issue 25): revenue share, CPA or hybrid, its negative carry-over and CPA terms. */
export function PlanLine({ c, symbol }: { c: Contract; symbol: string }) {
  const { t } = useTranslation();
  if (c.kind !== 'dividend' || !c.plan) return null;
  return (
    <p className="w-small" data-testid="contract-plan">
      <strong>{t(`agent.contracts.plan.${c.plan}`)}</strong> · {t(`agent.contracts.plan.carry_${c.negativeCarry ?? 'off'}`)}
      {c.cpa && <> · {t('agent.contracts.plan.terms', { amount: `${symbol}${c.cpa.amount}`, deposit: `${symbol}${c.cpa.minDeposit}`, bet: `${symbol}${c.cpa.minValidBet}`, days: c.cpa.days })}</>}
    </p>
  );
}

function ContractCard({ c, role, symbol, onAction }: { c: Contract; role: Role; symbol: string; onAction: (a: ContractAction) => void }) {
  const { t } = useTranslation();
  return (
    <article className={`ac-contract ac-contract--${c.status}`} data-testid={role === 'downline' ? 'my-contract' : 'offered-contract'} data-status={c.status}>
      <header className="ac-contract__head">
        <span className={`chip chip--${STATUS_TONE[c.status]}`}>{t(`agent.contracts.status.${c.status}`)}</span>
        <strong dir="auto">{role === 'downline' ? (c.fromPlatform ? t('agent.contracts.platform') : t('agent.contracts.upline', { account: c.uplineAccount })) : t('agent.contracts.downline', { account: c.downlineAccount })}</strong>
        {c.period && <span className="muted w-small">{t('agent.contracts.periodLabel')}: {t(`agent.contracts.period.${c.period}`)}</span>}
        <span className="muted w-small ac-contract__date">
          {c.acceptedAt ? <>{t('agent.contracts.accepted')} <DateTime value={c.acceptedAt} /></> : <>{t('agent.contracts.offered')} <DateTime value={c.createdAt} /></>}
        </span>
      </header>
      <PlanLine c={c} symbol={symbol} />
      {c.tiers.length > 0 && <TierTable kind={c.kind} tiers={c.tiers} symbol={symbol} />}
      {(c.canAccept || c.canReject || c.canTerminate) && (
        <div className="ac-contract__actions">
          {c.canAccept && <button type="button" className="btn btn--primary btn--sm" onClick={() => onAction('accept')}>{t('agent.contracts.accept')}</button>}
          {c.canReject && <button type="button" className="btn btn--ghost btn--sm" onClick={() => onAction('reject')}>{t('agent.contracts.reject')}</button>}
          {c.canTerminate && <button type="button" className="btn btn--ghost btn--sm" onClick={() => onAction('terminate')}>{c.status === 'new' ? t('agent.contracts.withdraw') : t('agent.contracts.terminate')}</button>}
        </div>
      )}
    </article>
  );
}

/**
 * The open contracts of a kind: with the upline (role downline: the caller's own contract and an
 * offer waiting) or with downlines (role upline: the contracts the caller offered).
 */
export function ContractList({ kind, role, symbol }: { kind: Kind; role: Role; symbol: string }) {
  const { t } = useTranslation();
  const q = useContracts({ role, kind, pageSize: 50 });
  const act = useContractAction();
  const [asked, setAsked] = useState<{ action: ContractAction; contractId: string } | null>(null);
  if (q.isPending) return <SkeletonRows rows={2} cols={4} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const open = q.data.list.filter((c) => c.status !== 'termination');
  return (
    <>
      {open.length === 0 ? (
        role === 'downline'
          ? <EmptyState icon="star" title={t('agent.contracts.none')} text={t('agent.contracts.noneLead')} />
          : <EmptyState icon="userPlus" title={t('agent.contracts.offeredEmpty')} />
      ) : (
        <div className="ac-contracts">
          {open.map((c) => <ContractCard key={c.contractId} c={c} role={role} symbol={symbol} onAction={(action) => { act.reset(); setAsked({ action, contractId: c.contractId }); }} />)}
        </div>
      )}
      {asked && act.isError && (
        <AlertDialog tone="error" message={apiErrorText(act.error)} confirmLabel={t('common.gotIt')} onConfirm={() => setAsked(null)} />
      )}
      {asked && !act.isError && (
        <AlertDialog
          message={t(`agent.contracts.confirm.${asked.action}`)}
          confirmLabel={act.isPending ? t('common.loading') : t(`agent.contracts.${asked.action}`)}
          cancelLabel={t('common.cancel')}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            if (act.isPending) return;
            act.mutate(asked, { onSuccess: () => { showToast(t(`agent.contracts.done.${asked.action}`)); setAsked(null); } });
          }}
        />
      )}
    </>
  );
}
