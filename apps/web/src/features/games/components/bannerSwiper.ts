/**
 * Swiper for the home banner, loaded on demand (its own chunk with its CSS): the first slide
 * is already on screen as static markup with the same structure, so mounting moves nothing.
 */
import Swiper from 'swiper';
import { Autoplay } from 'swiper/modules';
import 'swiper/css';
import { LIMITS } from '@lobby/contract';

export interface BannerSwiper {
  next(): void;
  goTo(index: number): void;
  destroy(): void;
}

export function mountBannerSwiper(el: HTMLElement, autoplay: boolean, onIndex: (index: number) => void): BannerSwiper {
  const swiper = new Swiper(el, {
    modules: [Autoplay],
    loop: true,
    speed: LIMITS.bannerSpeedMs,
    spaceBetween: LIMITS.bannerSpace,
    autoplay: autoplay ? { delay: LIMITS.bannerAutoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
    on: { realIndexChange: (s) => onIndex(s.realIndex) },
  });
  return {
    next: () => swiper.slideNext(),
    goTo: (index) => swiper.slideToLoop(index),
    destroy: () => swiper.destroy(true, true),
  };
}
