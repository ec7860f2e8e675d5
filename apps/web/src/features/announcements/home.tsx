/**
 * The home page's share of the announcements: the banner slides (group w_home) and the notice
 * marquee (player notices). Until the announcements arrive the carousel shows the brand's first
 * slide from the locale as static markup (fast first paint; Swiper loads later, in Banner).
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { usePopups } from '@/components/popups';
import type { BannerSlide } from '@/features/games';
import { useAnnouncements } from '@/lib/announcements';
import { plainText } from './text';
import './announcements.css';

/** The first locale slide leads to promotions (register for visitors is the second CTA). */
const STATIC_HREF = '/promotions';

export function useHomeSlides(): BannerSlide[] {
  const { t } = useTranslation();
  const q = useAnnouncements();
  const banners = q.data?.banners.filter((b) => b.groupName === 'w_home');
  if (banners?.length) {
    return banners.map((b) => ({
      title: b.title,
      text: b.content ? plainText(b.content) : '',
      cta: b.url ? t('annHome.cta') : '',
      href: b.url,
      image: b.images || undefined,
    }));
  }
  const slides = t('home.slides', { returnObjects: true }) as Array<Omit<BannerSlide, 'href'>>;
  return Array.isArray(slides) && slides[0] ? [{ ...slides[0], href: STATIC_HREF }] : [];
}

/** Scrolling player notices; a click opens the notice popup. */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const popups = usePopups();
  const notices = useAnnouncements().data?.player ?? [];
  return (
    <div className="marquee" role="region" aria-label={t('home.noticeLabel')}>
      <span className="marquee__icon" aria-hidden="true">
        <Icon name="bell" size={18} />
      </span>
      <div className="marquee__viewport">
        {notices.length ? (
          <button type="button" className="marquee__text marquee__text--link" onClick={() => popups.open('notice')} data-testid="marquee">
            {notices.map((n) => <span key={n.id} className="marquee__item">{n.title}</span>)}
          </button>
        ) : (
          <p className="marquee__text">{t('home.marquee')}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The first banner of a group, when the operator set one: the side menu's (w_leftmenu); the
 * login and forgot-password popups can show theirs with group w_login / w_forget.
 */
export function GroupBanner({ group }: { group: 'w_leftmenu' | 'w_login' | 'w_forget' }) {
  const b = useAnnouncements().data?.banners.find((x) => x.groupName === group);
  if (!b) return null;
  const body = (
    <>
      {b.images && <img src={b.images} alt="" loading="lazy" decoding="async" />}
      <span>{b.title}</span>
    </>
  );
  if (/^https?:\/\//i.test(b.url)) return <a className="side-banner" href={b.url} target="_blank" rel="noopener noreferrer">{body}</a>;
  return b.url ? <Link className="side-banner" to={b.url}>{body}</Link> : <div className="side-banner">{body}</div>;
}

/** The side menu's banner (w_leftmenu). */
export const SideBanner = () => <GroupBanner group="w_leftmenu" />;
