/**
 * Home banner carousel (§2, §9): autoplay every 5 s, loop, speed 1 s, only with more than one
 * banner; a click opens the banner's link. The first slide is drawn statically; Swiper (its own
 * chunk) loads when the first autoplay step is due or the player touches the banner, so it
 * costs nothing on first load. Reduced motion: no autoplay.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';
import type { BannerSwiper } from './bannerSwiper';

export interface BannerSlide {
  title: string;
  text: string;
  /** '' = no button. */
  cta: string;
  /** A site path, an http(s) URL (opens in a new tab) or '' (not a link). */
  href: string;
  /** Operator banner art (announcements); without it the slide draws its own. */
  image?: string;
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

const GLYPHS = ['7', '♠', '★'];

export function Banner({ slides }: { slides: BannerSlide[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const swiper = useRef<BannerSwiper | null>(null);
  const loading = useRef<Promise<BannerSwiper | null> | null>(null);
  const loader = useRef<() => Promise<BannerSwiper | null>>(async () => null);
  const [index, setIndex] = useState(0);
  const many = slides.length > 1;

  useEffect(() => {
    if (!many) return;
    let alive = true;
    const autoplay = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const load = () => {
      loading.current ??= import('./bannerSwiper').then(({ mountBannerSwiper }) => {
        if (!alive || !ref.current) return null;
        swiper.current = mountBannerSwiper(ref.current, autoplay, setIndex);
        return swiper.current;
      }).catch(() => null);
      return loading.current;
    };
    const el = ref.current;
    const early = () => void load();
    el?.addEventListener('pointerenter', early, { once: true });
    el?.addEventListener('touchstart', early, { once: true, passive: true });
    el?.addEventListener('focusin', early, { once: true });
    // The first step is due after one delay: load then, and move at once.
    // (Loaded earlier by a touch, Swiper's own autoplay already runs.)
    const timer = autoplay ? setTimeout(() => !loading.current && void load().then((s) => s?.next()), LIMITS.bannerAutoplayMs) : undefined;
    loader.current = load;
    return () => {
      alive = false;
      clearTimeout(timer);
      el?.removeEventListener('pointerenter', early);
      el?.removeEventListener('touchstart', early);
      el?.removeEventListener('focusin', early);
      swiper.current?.destroy();
      swiper.current = null;
      loading.current = null;
    };
  }, [many]);

  const goTo = (i: number) => {
    setIndex(i);
    void loader.current().then((s) => s?.goTo(i));
  };

  if (!slides.length) return null;
  return (
    <section ref={ref} className="hero swiper" aria-roledescription="carousel" aria-label={t('home.bannerLabel')}>
      <div className="swiper-wrapper">
        {slides.map((s, i) => {
          const cls = `swiper-slide hero__slide hero__slide--${i % 3}`;
          const a11y = { role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${i + 1} / ${slides.length}: ${s.title}` } as const;
          const body = (
            <>
              <span className="hero__art" aria-hidden="true">
                {s.image ? (
                  <img className="hero__img" src={s.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
                ) : (
                  <>
                    <span className="hero__orb hero__orb--a" />
                    <span className="hero__orb hero__orb--b" />
                    <span className="hero__chip">{GLYPHS[i % 3]}</span>
                  </>
                )}
              </span>
              <span className="hero__copy">
                <span className="hero__title">{s.title}</span>
                {s.text && <span className="hero__text">{s.text}</span>}
                {s.cta && <span className="btn btn--primary btn--lg">{s.cta}</span>}
              </span>
            </>
          );
          if (!s.href) return <div key={i} className={cls} {...a11y}>{body}</div>;
          if (isExternal(s.href)) return <a key={i} href={s.href} target="_blank" rel="noopener noreferrer" className={cls} {...a11y}>{body}</a>;
          return <Link key={i} to={s.href} className={cls} {...a11y}>{body}</Link>;
        })}
      </div>
      {many && (
        <div className="hero__dots">
          {slides.map((s, i) => (
            <button
              key={i}
              type="button"
              className={`hero__dot${i === index ? ' is-active' : ''}`}
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
