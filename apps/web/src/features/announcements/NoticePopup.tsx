/**
 * The notice popup (header bell, marquee click): the player notices (PL) with their content
 * (sanitised), the unread message count with a link to the inbox for members, and a way back
 * to the announcement popup.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { formatDate } from '@/lib/format';
import { usePopups } from '@/components/popups';
import { useBrand } from '@/lib/system';
import { useUnreadCount } from '@/features/inbox';
import { useAnnouncements } from '@/lib/announcements';
import { popupItems } from './AnnouncementPopup';
import { OperatorHtml } from './Html';
import './locale';
import './popups.css';

export default function NoticePopup({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const popups = usePopups();
  const q = useAnnouncements();
  const unread = useUnreadCount();
  const notices = q.data?.player ?? [];
  return (
    <div className="notices" data-testid="notice-popup">
      {unread.enabled && (
        <Link to="/member?page=messageV2" className="notices__inbox" onClick={close}>
          <Icon name="chat" size={20} />
          <span>{unread.count > 0 ? t('announcements.messagesUnread', { count: unread.count }) : t('announcements.messagesNone')}</span>
          <span className="notices__go">{t('announcements.openInbox')}</span>
        </Link>
      )}
      {notices.length === 0 ? (
        <p className="ann-empty">{q.isPending ? t('common.loading') : t('announcements.noticeEmpty')}</p>
      ) : (
        <ul className="notices__list">
          {notices.map((n, i) => (
            <li key={n.id}>
              <details className="notices__item" open={i === 0}>
                <summary>
                  <span className="notices__title">{n.title}</span>
                  <span className="muted notices__date">{formatDate(n.publishedAt, brand?.gmtOffsetMinutes ?? 0)}</span>
                </summary>
                <OperatorHtml html={n.content} className="notices__content" />
              </details>
            </li>
          ))}
        </ul>
      )}
      {popupItems(q.data).length > 0 && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => { close(); popups.open('announcement'); }}>
          <Icon name="bell" size={18} /> {t('announcements.openAnnouncements')}
        </button>
      )}
    </div>
  );
}
