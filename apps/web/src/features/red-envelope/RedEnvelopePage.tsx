/**
 * /redEnvelope: the envelopes open to the member (open one in place), the opened ones and, for
 * agents, the form to send one to the team and the envelopes sent with how much was taken.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/session';
import { DateTime, EmptyState, ErrorState, Money, Pager, Panel, SkeletonRows } from '@/components/ui/kit';
import { useAvailable, useHistory, useSent } from './api';
import { EnvelopeList } from './EnvelopeList';
import { SendForm } from './SendForm';
// the panels, fields and chips of the wallet pages, and the radio chips of the inbox form
import '@/components/ui/kit.css';

function History() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useHistory(page);
  return (
    <Panel title={t('redEnvelope.history')} testId="red-envelope-history">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        : !q.data ? <SkeletonRows rows={3} cols={3} />
        : !q.data.list.length ? <EmptyState icon="gift" title={t('redEnvelope.historyEmpty')} />
        : (
          <>
            <ul className="renv-rows">
              {q.data.list.map((r) => (
                <li key={r.id} className="renv-row">
                  <span className="renv-row__what">
                    <strong>{r.title || (r.kind === 'agent' ? t('redEnvelope.from', { name: r.senderName }) : t('redEnvelope.fromSite'))}</strong>
                    <span className="muted">{r.kind === 'agent' ? t('redEnvelope.from', { name: r.senderName }) : t('redEnvelope.fromSite')}</span>
                  </span>
                  <span className="muted"><DateTime value={r.openedAt} /></span>
                  <Money value={r.amount} signed className="renv-row__amount" />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
    </Panel>
  );
}

function Sent() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useSent(page, true);
  return (
    <Panel title={t('redEnvelope.sent.title')} testId="red-envelope-sent">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        : !q.data ? <SkeletonRows rows={3} cols={3} />
        : !q.data.list.length ? <EmptyState icon="gift" title={t('redEnvelope.sent.empty')} />
        : (
          <>
            <ul className="renv-rows">
              {q.data.list.map((e) => (
                <li key={e.id} className="renv-row" data-testid="red-envelope-sent-row">
                  <span className="renv-row__what">
                    <strong><Money value={e.total} /> · {t(`redEnvelope.send.${e.scope === 'team' ? 'team' : 'direct'}`)}</strong>
                    <span className="muted">
                      {t('redEnvelope.sent.opened', { opened: e.openedCount, count: e.count, amount: e.openedAmount })}
                      {e.refunded !== '0.00' && <> · {t('redEnvelope.sent.refunded', { amount: e.refunded })}</>}
                    </span>
                  </span>
                  <span className="muted"><DateTime value={e.createdAt} /></span>
                  <span className={`chip ${e.status === 'open' ? 'chip--ok' : 'chip--muted'}`}>{t(`redEnvelope.sent.status.${e.status}`)}</span>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
    </Panel>
  );
}

export default function RedEnvelopePage() {
  const { t } = useTranslation();
  const session = useSession();
  const { list, query } = useAvailable();
  return (
    <div className="page-container renv-page" data-testid="page-red-envelope">
      <h1 className="renv-page__title">{t('redEnvelope.title')}</h1>
      <div className="renv-page__grid">
        <div className="renv-page__col">
          <Panel title={t('redEnvelope.available', { count: list.length })} testId="red-envelope-available">
            {query.isPending && query.fetchStatus !== 'idle' ? <SkeletonRows rows={2} cols={2} /> : <EnvelopeList list={list} />}
          </Panel>
          <History />
        </div>
        {session.agent && (
          <div className="renv-page__col">
            <SendForm />
            <Sent />
          </div>
        )}
      </div>
    </div>
  );
}
