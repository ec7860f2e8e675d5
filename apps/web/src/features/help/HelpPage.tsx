import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import { useHelpCenter } from '@/features/system/api';
import { SectionSpinner } from '@/lib/lazy';

/** /help — help centre; the hash selects an article (#term). */
export default function HelpPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const term = decodeURIComponent(hash.replace(/^#/, ''));
  const help = useHelpCenter();

  useEffect(() => {
    if (term) document.getElementById(`help-${term}`)?.scrollIntoView({ block: 'start' });
  }, [term, help.data]);

  return (
    <section className="page help-page" aria-labelledby="help-title">
      <h1 id="help-title" className="page__title">{t('pages.help.title')}</h1>
      {help.isPending && <SectionSpinner />}
      {help.isError && <p className="muted">{t('errorCodes.network_error')}</p>}
      {help.data && help.data.length === 0 && <p className="muted">{t('pages.help.empty')}</p>}
      <div className="help-page__layout">
        {help.data && help.data.length > 0 && (
          <nav className="help-page__toc" aria-label={t('pages.help.title')}>
            {help.data.map((a) => (
              <a key={a.term} href={`#${a.term}`} className={a.term === term ? 'is-active' : ''} aria-current={a.term === term ? 'true' : undefined}>
                {a.title}
              </a>
            ))}
          </nav>
        )}
        <div className="help-page__articles">
          {help.data?.map((a) => (
            <article key={a.term} id={`help-${a.term}`} className={`card help-article ${a.term === term ? 'is-active' : ''}`}>
              <h2>{a.title}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(a.content) }} />
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
