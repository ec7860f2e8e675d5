/**
 * A clear, good-looking placeholder for pages built by later issues. It names the spec page
 * and lists what will live there, inside the real layout.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';

export interface PagePlaceholderProps {
  /** i18n key under `pages.` (title, description, items). */
  page: string;
  /** The spec's page name (shown as a code tag, e.g. "GameListCenter"). */
  specName: string;
  icon?: IconName;
  children?: ReactNode;
  /** Extra facts from the URL (e.g. vassalage, gameCode, hash). */
  facts?: Array<[label: string, value: string]>;
}

export function PagePlaceholder({ page, specName, icon = 'grid', children, facts }: PagePlaceholderProps) {
  const { t } = useTranslation();
  const items = t(`pages.${page}.items`, { returnObjects: true, defaultValue: [] }) as unknown;
  return (
    <section className="placeholder-page" aria-labelledby={`ph-${page}`}>
      <div className="placeholder-page__hero">
        <div className="placeholder-page__icon" aria-hidden="true">
          <Icon name={icon} size={34} />
        </div>
        <div>
          <p className="placeholder-page__eyebrow">
            <span className="tag">{t('common.comingSoon')}</span>
            <code className="placeholder-page__spec" dir="ltr">{specName}</code>
          </p>
          <h1 id={`ph-${page}`} className="placeholder-page__title">{t(`pages.${page}.title`)}</h1>
          <p className="placeholder-page__text">{t(`pages.${page}.description`)}</p>
        </div>
      </div>
      {facts && facts.length > 0 && (
        <dl className="placeholder-page__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="ltr">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {Array.isArray(items) && items.length > 0 && (
        <ul className="placeholder-page__grid">
          {(items as string[]).map((item) => (
            <li key={item} className="placeholder-card">
              <span className="placeholder-card__shine" aria-hidden="true" />
              <span className="placeholder-card__label">{item}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
