/**
 * messageV2 (member centre): the member's messages from the site and the upline, newest first,
 * 10 a page. Opening one marks it read; each can be deleted; "mark all as read". A form writes
 * to the upline (when the member has one) or to customer service. Message text is shown as
 * text, never as HTML.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inbox, type inbox as I } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { showToast } from '@/lib/toast';
import { apiErrorText, DateTime, EmptyState, ErrorState, FormNote, Pager, Panel, SkeletonRows } from '@/components/ui/kit';
import { useMessages } from './api';
import { useDeleteMessages, useReadMessages, useSendMessage } from './mutations';
import './locale';
import './inbox.css';

function MessageItem({ m, open, onToggle }: { m: I.Message; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteMessages();
  const from = m.senderKind === 'member' ? t('inbox.from.member', { name: m.senderName }) : t(`inbox.from.${m.senderKind}`);
  return (
    <li className={`inbox-msg ${m.read ? '' : 'is-unread'} ${open ? 'is-open' : ''}`} data-testid="inbox-message" data-read={m.read}>
      <button type="button" className="inbox-msg__head" aria-expanded={open} onClick={onToggle}>
        <span className={`inbox-msg__dot ${m.read ? 'is-read' : ''}`} aria-label={m.read ? undefined : t('inbox.new')} />
        <span className="inbox-msg__title">{m.title}</span>
        <span className="inbox-msg__meta muted">
          <span className={`inbox-msg__from inbox-msg__from--${m.senderKind}`}>{from}</span>
          <DateTime value={m.createdAt} />
        </span>
        <Icon name="chevronDown" size={16} className="inbox-msg__chev" />
      </button>
      {open && (
        <div className="inbox-msg__body">
          <p className="inbox-msg__text">{m.content}</p>
          <div className="inbox-msg__actions">
            {del.isError && <FormNote>{apiErrorText(del.error)}</FormNote>}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={del.isPending}
              onClick={() => del.mutate([m.id], { onSuccess: () => showToast(t('inbox.deleted')) })}
            >
              <Icon name="close" size={14} /> {t('inbox.delete')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function Compose() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [to, setTo] = useState<'upline' | 'support'>('upline');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !content.trim() || send.isPending) return;
    send.mutate({ to, title: title.trim(), content: content.trim() }, {
      onSuccess: () => {
        showToast(t('inbox.sent'));
        setTitle('');
        setContent('');
      },
    });
  };
  return (
    <Panel title={t('inbox.compose')} className="inbox-compose">
      <form className="w-form" onSubmit={submit}>
        <div className="inbox-compose__to" role="radiogroup" aria-label={t('inbox.to')}>
          {(['upline', 'support'] as const).map((k) => (
            <label key={k} className={`chip-radio ${to === k ? 'is-on' : ''}`}>
              <input type="radio" name="inbox-to" value={k} checked={to === k} onChange={() => setTo(k)} />
              <Icon name={k === 'upline' ? 'user' : 'headset'} size={16} />
              {t(k === 'upline' ? 'inbox.toUpline' : 'inbox.toSupport')}
            </label>
          ))}
        </div>
        <label className="field">
          <span className="field__label">{t('inbox.subject')}</span>
          <input className="input" value={title} maxLength={inbox.TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} />
        </label>
        <div className="field">
          <label className="field__label" htmlFor="inbox-body">{t('inbox.body')}</label>
          <textarea id="inbox-body" className="input inbox-compose__text" rows={4} value={content} maxLength={inbox.CONTENT_MAX} required onChange={(e) => setContent(e.target.value)} />
          <span className="field__hint muted num">{t('inbox.chars', { n: content.length, max: inbox.CONTENT_MAX })}</span>
        </div>
        {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
        <button type="submit" className="btn btn--primary w-submit" disabled={send.isPending || !title.trim() || !content.trim()}>
          {send.isPending ? t('common.loading') : t('inbox.send')}
        </button>
      </form>
    </Panel>
  );
}

export default function InboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useMessages(page);
  const read = useReadMessages();
  const v = q.data;

  const toggle = (m: I.Message) => {
    const next = open === m.id ? null : m.id;
    setOpen(next);
    if (next && !m.read) read.mutate({ ids: [m.id] });
  };

  return (
    <div className="w-page inbox" data-testid="page-messageV2">
      <Panel
        title={<>{t('inbox.listLabel')} {v && v.unread > 0 && <span className="chip chip--warn" data-testid="inbox-unread">{t('inbox.unread', { count: v.unread })}</span>}</>}
        actions={v && v.unread > 0 ? (
          <button type="button" className="btn btn--ghost btn--sm" disabled={read.isPending} onClick={() => read.mutate({ all: true })}>{t('inbox.readAll')}</button>
        ) : undefined}
      >
        {q.isPending ? (
          <SkeletonRows rows={4} cols={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : v && v.list.length === 0 ? (
          <EmptyState icon="chat" title={t('inbox.empty')} text={t('inbox.emptyText')} />
        ) : (
          <>
            <ul className="inbox-list" aria-label={t('inbox.listLabel')}>
              {v?.list.map((m) => <MessageItem key={m.id} m={m} open={open === m.id} onToggle={() => toggle(m)} />)}
            </ul>
            <Pager page={page} totalPages={v?.totalPages ?? 1} onChange={setPage} />
          </>
        )}
      </Panel>
      <Compose />
    </div>
  );
}
