import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="status-page" aria-labelledby="nf-title">
      <p className="status-page__code" aria-hidden="true">404</p>
      <h1 id="nf-title" className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <Link to="/" className="btn btn--primary">{t('notFound.home')}</Link>
    </section>
  );
}
