/**
 * /help — help centre (§2). The hash selects an article (`#term`; none: the first one) from the
 * brand's articles in the page language; `#chat` opens the live-chat window (the demo brands'
 * live-chat entry). Operator HTML is sanitised. A side card lists the customer-service channels,
 * the feedback form and the app download.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODULES } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useHelpCenter, useModules } from '@/lib/system';
import { useSupport, LiveChatPanel, SupportLinks } from '@/features/support';
import { SectionSpinner } from '@/lib/lazy';
import { ArticleBody, pickArticle } from './Article';
import '@/locales/support';
import './help.css';

function ContactCard({ chat }: { chat: boolean }) {
  const { t } = useTranslation();
  const modules = useModules();
  const { hours } = useSupport();
  return (
    <aside className="card help-contact" aria-labelledby="help-contact">
      <h2 id="help-contact"><Icon name="headset" size={18} /> {chat ? t('support.chatWindow') : t('helpCenter.contact')}</h2>
      {chat ? <LiveChatPanel /> : (
        <>
          {hours && <p className="muted">{t('helpCenter.contactText', { hours })}</p>}
          <SupportLinks />
        </>
      )}
      {modules.has(MODULES.feedback) && (
        <Link className="btn btn--ghost btn--sm btn--block" to="/member?page=feedback"><Icon name="chat" size={16} /> {t('support.feedback')}</Link>
      )}
    </aside>
  );
}

export default function HelpPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const term = decodeURIComponent(hash.replace(/^#/, ''));
  const help = useHelpCenter();
  const articles = Array.isArray(help.data) ? help.data : [];
  const chat = term === 'chat';
  const current = chat ? undefined : pickArticle(articles, term);

  useEffect(() => {
    if (!window.matchMedia?.('(max-width: 767px)').matches) return;
    // phone: the chosen title scrolls into the strip of titles, the article into view
    document.querySelector('.help-page__toc .is-active')?.scrollIntoView({ inline: 'center', block: 'nearest' });
    if (term) document.getElementById('help-article')?.scrollIntoView({ block: 'start' });
  }, [term, help.data]);

  return (
    <section className="page help-page" aria-labelledby="help-title">
      <h1 id="help-title" className="page__title">{t('helpCenter.title')}</h1>
      {help.isPending && <SectionSpinner />}
      {help.isError && <p className="muted">{t('errorCodes.network_error')}</p>}
      {help.data && articles.length === 0 && <p className="muted">{t('helpCenter.empty')}</p>}
      <div className="help-page__layout help-layout">
        {articles.length > 0 && (
          <nav className="help-page__toc" aria-label={t('helpCenter.search')}>
            {articles.map((a) => (
              <Link key={a.term} to={{ hash: a.term }} className={a.term === current?.term ? 'is-active' : ''} aria-current={a.term === current?.term ? 'true' : undefined}>
                {a.title}
              </Link>
            ))}
          </nav>
        )}
        {current && (
          <article id="help-article" className="card help-article is-active" data-term={current.term} data-testid="help-article">
            <h2>{current.title}</h2>
            <ArticleBody article={current} />
          </article>
        )}
        {help.data && <ContactCard chat={chat} />}
      </div>
    </section>
  );
}
