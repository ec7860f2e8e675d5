/**
 * The live-chat window (header headset, customer-service entries). A brand whose chat is an
 * external page gets that page in a new window; otherwise a member writes to customer service
 * here (it reaches the operator's support box and the answer arrives in Messages). The other
 * channels of the brand are listed below.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { inbox, MODULES } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useSendMessage } from '@/features/inbox';
import { useLoginPopup, useSession } from '@/features/session';
import { useModuleEnabled, useStatus } from '@/lib/system';
import { apiErrorText, FormNote } from '@/components/ui/kit';
import { useSupport } from './api';
import { externalChat } from './links';
import { SupportLinks } from './SupportLinks';
import '@/locales/support';
import '@/components/text-area.css';
import './support.css';

function ChatForm() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate({ to: 'support', title: t('support.chatSubject'), content }, {
      onSuccess: () => { setSent((s) => [...s, content]); setText(''); },
    });
  };
  return (
    <form className="chat-form" onSubmit={submit}>
      <p className="muted">{t('support.chatIntro')}</p>
      {sent.length > 0 && (
        <ol className="chat-log" aria-live="polite">
          {sent.map((m, i) => <li key={i} className="chat-log__mine">{m}</li>)}
          <li className="chat-log__note">{t('support.chatSent')} <Link to="/member?page=messageV2">→</Link></li>
        </ol>
      )}
      <div className="chat-form__row">
        <textarea className="input lb-text" rows={2} maxLength={inbox.CONTENT_MAX} value={text} placeholder={t('support.chatPlaceholder')}
          aria-label={t('support.chatPlaceholder')} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn--primary" disabled={!text.trim() || send.isPending}>
          <Icon name="chat" size={16} /> {t('support.chatSend')}
        </button>
      </div>
      {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
    </form>
  );
}

export function LiveChatPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const inboxOn = useModuleEnabled(MODULES.inbox);
  const status = useStatus();
  const { hours } = useSupport();
  const external = externalChat(status.data?.info.customerService);
  return (
    <div className="live-chat" data-testid="live-chat">
      {external ? (
        <a className="btn btn--primary btn--block" href={external} target="_blank" rel="noopener noreferrer">
          <Icon name="headset" size={18} /> {t('support.openChat')}
        </a>
      ) : session.loggedIn && !session.trial && inboxOn ? (
        <ChatForm />
      ) : (
        <div className="live-chat__login">
          <p className="muted">{t('support.chatLogin')}</p>
          {!session.loggedIn && <button type="button" className="btn btn--primary btn--sm" onClick={() => openLogin()}>{t('comments.login')}</button>}
        </div>
      )}
      {hours && <p className="muted live-chat__hours"><Icon name="clock" size={14} /> {t('support.hours', { hours })}</p>}
      <h3 className="live-chat__heading">{t('support.channels')}</h3>
      <SupportLinks exclude="LIVECHAT" />
    </div>
  );
}

export default function LiveChatPopup() {
  return <LiveChatPanel />;
}
