/**
 * The announcement popup (§2, §4): titles on the left, 9 a page, the chosen one's content on
 * the right (operator HTML, sanitised), and a go-to-promotion button when it has a
 * promotionType (opens the reward centre). Items: the popup (PU) then promotion (PR) ones.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { announcements, type announcements as A } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { formatDate } from '@/lib/format';
import { useBrand } from '@/lib/system';
import { useAnnouncements } from '@/lib/announcements';
import { OperatorHtml } from './Html';
import './locale';
import './popups.css';

export const REWARD_CENTRE = '/member?page=rewardCenter';

export function popupItems(v: A.ListValue | undefined): A.Notice[] {
  return v ? [...v.popup, ...v.promotion] : [];
}

export default function AnnouncementPopup({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useBrand();
  const items = popupItems(useAnnouncements().data);
  const [selected, setSelected] = useState(0);
  const size = announcements.PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(items.length / size));
  const [page, setPage] = useState(0);
  if (!items.length) return <p className="ann-empty">{t('announcements.empty')}</p>;

  const current = items[Math.min(selected, items.length - 1)];
  const shown = items.slice(page * size, page * size + size);
  const turn = (p: number) => {
    setPage(p);
    setSelected(p * size);
  };

  return (
    <div className="ann" data-testid="announcement-popup">
      <nav className="ann__list" aria-label={t('announcements.listLabel')}>
        <ul>
          {shown.map((it, i) => {
            const index = page * size + i;
            return (
              <li key={it.id}>
                <button
                  type="button"
                  className={`ann__title ${index === selected ? 'is-active' : ''}`}
                  aria-current={index === selected}
                  onClick={() => setSelected(index)}
                >
                  <span className={`ann__kind ann__kind--${it.type}`}>{it.execution === 'F' ? t('announcements.welcome') : t(`announcements.kinds.${it.type}`)}</span>
                  <span className="ann__title-text">{it.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {pages > 1 && (
          <div className="ann__pager">
            <button type="button" className="icon-btn icon-btn--sm" onClick={() => turn(page - 1)} disabled={page === 0} aria-label={t('announcements.prev')}>
              <Icon name="chevronRight" size={16} className="flip-rtl ann__prev" />
            </button>
            <span>{t('announcements.pageOf', { page: page + 1, pages })}</span>
            <button type="button" className="icon-btn icon-btn--sm" onClick={() => turn(page + 1)} disabled={page >= pages - 1} aria-label={t('announcements.next')}>
              <Icon name="chevronRight" size={16} className="flip-rtl" />
            </button>
          </div>
        )}
      </nav>
      <article className="ann__detail" aria-live="polite">
        <h3 className="ann__detail-title">{current.title}</h3>
        <p className="ann__date muted">{t('announcements.published', { date: formatDate(current.publishedAt, brand?.gmtOffsetMinutes ?? 0) })}</p>
        {current.images && <img className="ann__image" src={current.images} alt="" loading="lazy" />}
        <OperatorHtml html={current.content} className="ann__content" />
        {current.promotionType && (
          <button
            type="button"
            className="btn btn--primary ann__promo"
            onClick={() => {
              close();
              void navigate(REWARD_CENTRE);
            }}
          >
            <Icon name="gift" size={18} /> {t('announcements.goToPromotion')}
          </button>
        )}
      </article>
    </div>
  );
}
