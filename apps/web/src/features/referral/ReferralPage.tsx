/**
 * referral (member centre): the member's code and invite link with its QR code and copy buttons,
 * how the brand pays referral income, the invitations (masked username, registered at, first
 * deposit, total deposits) and the income list, each paged by 10.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { referral as R } from '@lobby/contract';
import { QrCode } from '@/components/QrCode';
import { Icon } from '@/components/icons';
import { CopyButton, DateTime, EmptyState, ErrorState, Money, Pager, Panel, SkeletonRows } from '@/components/ui/kit';
import { inviteLink, useIncome, useInvitations, useReferralInfo } from './api';
import '@/locales/referral';
import './referral.css';

const pct = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

function RuleText({ rule }: { rule: R.ValueOfInfo['rule'] }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (rule.firstDepositBps > 0) {
    parts.push(rule.firstDepositMax !== '0.00'
      ? t('referral.rule.firstCapped', { pct: pct(rule.firstDepositBps), max: rule.firstDepositMax })
      : t('referral.rule.first', { pct: pct(rule.firstDepositBps) }));
  }
  if (rule.thresholdReward !== '0.00') parts.push(t('referral.rule.threshold', { reward: rule.thresholdReward, amount: rule.thresholdAmount }));
  if (!parts.length) return null;
  return (
    <ul className="ref-rules" data-testid="referral-rules">
      {parts.map((p) => <li key={p}><Icon name="gift" size={16} /> {p}</li>)}
    </ul>
  );
}

function InviteCard() {
  const { t } = useTranslation();
  const q = useReferralInfo();
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Panel><SkeletonRows rows={3} cols={2} /></Panel>;
  const v = q.data;
  const link = inviteLink(v.invitePath);
  return (
    <Panel title={t('referral.title')} className="ref-invite" testId="referral-invite">
      <div className="ref-invite__grid">
        <div className="ref-invite__main">
          <div className="ref-field">
            <span className="ref-field__label">{t('referral.code')}</span>
            <div className="ref-field__row">
              <strong className="ref-code num" data-testid="referral-code">{v.referralCode}</strong>
              <CopyButton text={v.referralCode} label={t('referral.code')} />
            </div>
          </div>
          <div className="ref-field">
            <span className="ref-field__label">{t('referral.link')}</span>
            <div className="ref-field__row">
              <input className="input ref-link" readOnly value={link} aria-label={t('referral.link')} data-testid="referral-link" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={link} label={t('referral.link')} />
            </div>
          </div>
          <dl className="ref-stats">
            <div><dt>{t('referral.stats.invitations')}</dt><dd className="num" data-testid="referral-count">{v.invitations}</dd></div>
            <div><dt>{t('referral.stats.deposited')}</dt><dd className="num">{v.depositedInvitations}</dd></div>
            <div><dt>{t('referral.stats.income')}</dt><dd data-testid="referral-total"><Money value={v.totalIncome} /></dd></div>
          </dl>
          {v.earns ? <RuleText rule={v.rule} /> : <p className="muted ref-note">{t('referral.agentNote')}</p>}
        </div>
        <figure className="ref-invite__qr">
          <QrCode value={link} label={t('referral.qr')} size={148} />
          <figcaption className="muted">{t('referral.scan')}</figcaption>
        </figure>
      </div>
    </Panel>
  );
}

function Invitations() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useInvitations(page);
  return (
    <Panel title={t('referral.invitations.title')} testId="referral-invitations">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        : !q.data ? <SkeletonRows rows={3} cols={4} />
        : !q.data.list.length ? <EmptyState icon="userPlus" title={t('referral.invitations.empty')} text={t('referral.invitations.emptyText')} />
        : (
          <>
            <div className="ref-table" role="table" aria-label={t('referral.invitations.title')}>
              <div className="ref-table__row ref-table__head" role="row">
                <span role="columnheader">{t('referral.invitations.user')}</span>
                <span role="columnheader">{t('referral.invitations.registered')}</span>
                <span role="columnheader">{t('referral.invitations.firstDeposit')}</span>
                <span role="columnheader" className="ref-num">{t('referral.invitations.total')}</span>
              </div>
              {q.data.list.map((i, n) => (
                <div className="ref-table__row" role="row" key={`${i.username}-${i.registeredAt}-${n}`} data-testid="referral-invitation">
                  <span role="cell" className="ref-user">{i.username}</span>
                  <span role="cell" className="muted"><DateTime value={i.registeredAt} /></span>
                  <span role="cell"><span className={`chip ${i.firstDeposit ? 'chip--ok' : ''}`}>{i.firstDeposit ? t('referral.yes') : t('referral.no')}</span></span>
                  <span role="cell" className="ref-num"><Money value={i.totalDeposits} /></span>
                </div>
              ))}
            </div>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
    </Panel>
  );
}

function Income() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useIncome(page);
  return (
    <Panel
      title={t('referral.income.title')}
      actions={q.data ? <span className="ref-income-total">{t('referral.income.total')} <Money value={q.data.totalIncome} /></span> : undefined}
      testId="referral-income"
    >
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        : !q.data ? <SkeletonRows rows={3} cols={4} />
        : !q.data.list.length ? <EmptyState icon="gift" title={t('referral.income.empty')} text={t('referral.income.emptyText')} />
        : (
          <>
            <ul className="ref-income">
              {q.data.list.map((r) => (
                <li key={r.id} className="ref-income__row" data-testid="referral-income-row">
                  <span className="ref-income__what">
                    <strong>{t(`referral.income.rule.${r.rule}`)}</strong>
                    <span className="muted">{t('referral.income.from', { user: r.invitee, basis: r.basis })}</span>
                  </span>
                  <span className="muted"><DateTime value={r.createdAt} /></span>
                  <Money value={r.amount} signed className="ref-income__amount" />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
    </Panel>
  );
}

export default function ReferralPage() {
  return (
    <div className="w-page referral" data-testid="page-referral">
      <InviteCard />
      <Invitations />
      <Income />
    </div>
  );
}
