/** One help article: its sanitised HTML, plus the install guide under "download". */
import { OperatorHtml } from '@/features/announcements';
import { AppDownloadGuide } from '@/features/support';

export interface HelpArticle { term: string; title: string; content: string }

export function ArticleBody({ article }: { article: HelpArticle }) {
  return (
    <>
      <OperatorHtml html={article.content} className="prose help-article__body" />
      {article.term === 'download' && <AppDownloadGuide />}
    </>
  );
}

/** The article a `#term` names, else the first one. */
export function pickArticle<T extends { term: string }>(articles: readonly T[], term: string): T | undefined {
  return articles.find((a) => a.term === term) ?? articles[0];
}
