/**
 * Home (§2): banner area, notice marquee, category tabs and game section rows. Until the lobby
 * issue these are clearly marked placeholders drawn with CSS (no images, no swiper).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type GameType } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { CATEGORIES } from '@/features/games/categories';
import { useSession } from '@/features/session/api';
import { useLoginPopup } from '@/features/session/loginPopup';
import { useLanguage } from '@/lib/i18n';

const HOME_ROWS: GameType[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'ESPORTS', 'ELOTT', 'COCKFIGHT'];

function HeroBanner() {
  const { t } = useTranslation();
  const slides = t('home.slides', { returnObjects: true }) as Array<{ title: string; text: string; cta: string }>;
  const [index, setIndex] = useState(0);
  const count = Array.isArray(slides) ? slides.length : 0;
  useEffect(() => {
    if (count <= 1) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), LIMITS.bannerAutoplayMs);
    return () => clearInterval(id);
  }, [count]);
  if (!count) return null;
  return (
    <section className="hero" aria-roledescription="carousel" aria-label={t('home.bannerLabel')}>
      <div className="hero__track">
        {slides.map((s, i) => (
          <div
            key={s.title}
            className={`hero__slide hero__slide--${i % 3} ${i === index ? 'is-active' : ''}`}
            aria-hidden={i !== index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
          >
            <div className="hero__art" aria-hidden="true">
              <span className="hero__orb hero__orb--a" />
              <span className="hero__orb hero__orb--b" />
              <span className="hero__chip">{['7', '♠', '★'][i % 3]}</span>
            </div>
            <div className="hero__copy">
              <span className="tag tag--glass">{t('common.comingSoon')}</span>
              <h2 className="hero__title">{s.title}</h2>
              <p className="hero__text">{s.text}</p>
              <Link to="/promotions" className="btn btn--primary btn--lg" tabIndex={i === index ? 0 : -1}>
                {s.cta}
              </Link>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="hero__dots">
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              className={`hero__dot ${i === index ? 'is-active' : ''}`}
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function Marquee() {
  const { t } = useTranslation();
  return (
    <div className="marquee" role="region" aria-label={t('home.noticeLabel')}>
      <span className="marquee__icon" aria-hidden="true">
        <Icon name="bell" size={18} />
      </span>
      <div className="marquee__viewport">
        <p className="marquee__text">{t('home.marquee')}</p>
      </div>
    </div>
  );
}

function PlaceholderCards({ type, count }: { type: GameType; count: number }) {
  const { t } = useTranslation();
  const cat = CATEGORIES.find((c) => c.type === type)!;
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="game-card game-card--placeholder" data-tone={(i + type.length) % 6}>
          <span className="game-card__art" aria-hidden="true">
            <Icon name={cat.icon} size={34} />
          </span>
          <span className="game-card__name">
            <span className="skeleton-line" />
            <span className="visually-hidden">{t('home.placeholderGame')}</span>
          </span>
        </li>
      ))}
    </>
  );
}

function WinnerBoard() {
  const { t } = useTranslation();
  return (
    <section className="winners" aria-labelledby="winners-title">
      <header className="section-head">
        <h2 id="winners-title" className="section-head__title">
          <Icon name="trophy" size={20} /> {t('home.winners')}
        </h2>
        <span className="tag">{t('common.comingSoon')}</span>
      </header>
      <ul className="winners__list">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="winners__row">
            <span className="winners__avatar" aria-hidden="true" />
            <span className="skeleton-line skeleton-line--short" />
            <span className="skeleton-line" />
            <span className="winners__amount skeleton-line skeleton-line--gold" />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const { openLogin } = useLoginPopup();
  const tab = (params.get('tab') ?? 'HOME').toUpperCase();

  const selectTab = (next: string) => {
    if (next === 'FAV' && !session.loggedIn) {
      openLogin();
      return;
    }
    const p = new URLSearchParams(params);
    if (next === 'HOME') p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };

  const tabs = ['HOME', 'FAV', ...CATEGORIES.map((c) => c.type)];
  const selected = CATEGORIES.find((c) => c.type === tab);

  return (
    <div className="home">
      {/* Carousels remount when the direction changes so they lay out for RTL. */}
      <HeroBanner key={dir} />
      <Marquee />
      <div className="tabs" role="tablist" aria-label={t('home.categoriesLabel')}>
        {tabs.map((k) => {
          const cat = CATEGORIES.find((c) => c.type === k);
          return (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className="tabs__tab"
              onClick={() => selectTab(k)}
            >
              <Icon name={k === 'HOME' ? 'home' : k === 'FAV' ? 'star' : cat!.icon} size={18} />
              <span>{t(`categories.${k}`)}</span>
            </button>
          );
        })}
      </div>

      <div role="tabpanel" aria-label={t(`categories.${tab}`, { defaultValue: tab })}>
        {tab === 'HOME' ? (
          HOME_ROWS.map((type) => {
            const cat = CATEGORIES.find((c) => c.type === type)!;
            return (
              <section key={type} className="game-row" aria-labelledby={`row-${type}`}>
                <header className="section-head">
                  <h2 id={`row-${type}`} className="section-head__title">
                    <Icon name={cat.icon} size={20} /> {t(`categories.${type}`)}
                  </h2>
                  <Link to={cat.path} className="section-head__more">
                    {t('common.more')} <Icon name="chevronRight" size={16} className="flip-rtl" />
                  </Link>
                </header>
                <ul className="game-row__list">
                  <PlaceholderCards type={type} count={LIMITS.swiperPerViewWide} />
                </ul>
              </section>
            );
          })
        ) : (
          <section className="game-grid-section">
            <header className="section-head">
              <h2 className="section-head__title">{t(`categories.${tab}`, { defaultValue: tab })}</h2>
              {selected && !selected.path.startsWith('/?') && (
                <Link to={selected.path} className="section-head__more">
                  {t('common.more')} <Icon name="chevronRight" size={16} className="flip-rtl" />
                </Link>
              )}
            </header>
            <ul className="game-grid">
              <PlaceholderCards type={selected?.type ?? 'RNG'} count={12} />
            </ul>
          </section>
        )}
      </div>
      {tab === 'HOME' && <WinnerBoard />}
    </div>
  );
}
