/** The help-centre popup (§2 popups): article titles on one side, the chosen article beside them. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHelpCenter } from '@/lib/system';
import { SectionSpinner } from '@/lib/lazy';
import { ArticleBody, pickArticle } from './Article';
import '@/locales/support';
import './help.css';

export default function HelpPopup({ close, props }: { close: () => void; props: { term?: string } | undefined }) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const articles = Array.isArray(help.data) ? help.data : [];
  const [term, setTerm] = useState(props?.term ?? '');
  const current = pickArticle(articles, term);
  if (help.isPending) return <SectionSpinner />;
  if (!current) return <p className="muted">{t('helpCenter.empty')}</p>;
  return (
    <div className="help-popup" data-testid="help-popup">
      <nav className="help-popup__list" aria-label={t('helpCenter.search')}>
        {articles.map((a) => (
          <button key={a.term} type="button" className={a.term === current.term ? 'is-active' : ''} aria-current={a.term === current.term ? 'true' : undefined} onClick={() => setTerm(a.term)}>
            {a.title}
          </button>
        ))}
      </nav>
      <article className="help-popup__article" data-term={current.term}>
        <h3>{current.title}</h3>
        <ArticleBody article={current} />
        <Link className="help-popup__more" to={`/help#${current.term}`} onClick={close}>{t('helpCenter.openPage')} →</Link>
      </article>
    </div>
  );
}
