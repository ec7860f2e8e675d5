/**
 * The live table's dealer: an illustrated dealer (inline SVG, no download) behind the felt with
 * the shoe at hand, a speech bubble, and the deal itself: each card leaves the shoe face down,
 * flies to its place in the player's or the banker's hand while the dealer's arm reaches that
 * way, and turns face up. Idle, the dealer breathes and blinks. With prefers-reduced-motion the
 * cards appear in place at the same moments, and nothing moves.
 */
import './dealer.css';
import { h, prefersReducedMotion, s } from '../dom';
import { FLIGHT_MS, type DealerMood } from './dealer-schedule';

const SKIN = '#e3ad86';

/** The dealer, drawn in a 200x150 box whose foot is the table's edge; the shoe at the right. */
function dealerSvg(label: string): { svg: SVGElement; arm: SVGElement; shoe: SVGElement } {
  const arm = s('g', { class: 'dv-arm' },
    s('path', { d: 'M146 112c16 6 20 20 12 32', fill: 'none', stroke: '#f3f3f6', 'stroke-width': 15, 'stroke-linecap': 'round' }),
    s('circle', { cx: 156, cy: 144, r: 7, fill: SKIN }));
  const shoe = s('g', { class: 'dv-shoe' },
    s('path', { d: 'M170 124h26v26h-32z', fill: '#5b1220' }),
    s('path', { d: 'M172 128h20v4h-21z', fill: '#fff' }),
    s('path', { d: 'M170 124h26v5h-27z', fill: '#8a2233' }));
  const svg = s('svg', { class: 'dv-dealer-svg', viewBox: '0 0 200 150', role: 'img', 'aria-label': label },
    s('g', { class: 'dv-body' },
      // shirt, vest, bow tie and name tag
      s('path', { d: 'M34 150c4-34 28-46 66-46s62 12 66 46z', fill: '#f3f3f6' }),
      s('path', { d: 'M63 106l30 44H40c2-22 10-38 23-44zM137 106l-30 44h53c-2-22-10-38-23-44z', fill: '#17171f' }),
      s('path', { d: 'M100 109l-13-7v14zM100 109l13-7v14z', fill: '#c8102e' }),
      s('circle', { cx: 100, cy: 109, r: 3, fill: '#8d0b20' }),
      s('rect', { x: 120, y: 126, width: 18, height: 6, rx: 2, fill: '#d9b44a' }),
      // left arm resting on the felt
      s('path', { d: 'M54 112c-16 6-20 20-12 32', fill: 'none', stroke: '#f3f3f6', 'stroke-width': 15, 'stroke-linecap': 'round' }),
      s('circle', { cx: 44, cy: 144, r: 7, fill: SKIN }),
      // neck, ears, head, hair
      s('rect', { x: 91, y: 82, width: 18, height: 22, rx: 6, fill: '#cf9a74' }),
      s('circle', { cx: 76, cy: 64, r: 5, fill: SKIN }),
      s('circle', { cx: 124, cy: 64, r: 5, fill: SKIN }),
      s('ellipse', { cx: 100, cy: 60, rx: 24, ry: 28, fill: SKIN }),
      s('path', { d: 'M75 60c-4-26 12-36 27-35 17 1 27 14 23 34-4-12-12-18-24-18-10 0-20 6-26 19z', fill: '#2a1911' }),
      s('path', { d: 'M88 55h8M104 55h8', stroke: '#2a1911', 'stroke-width': 2.4, 'stroke-linecap': 'round' }),
      s('g', { class: 'dv-eyes' }, s('ellipse', { cx: 92, cy: 62, rx: 2.6, ry: 3.2, fill: '#222' }), s('ellipse', { cx: 108, cy: 62, rx: 2.6, ry: 3.2, fill: '#222' })),
      s('path', { class: 'dv-mouth', d: 'M92 75q8 6 16 0', fill: 'none', stroke: '#8c3b2e', 'stroke-width': 2.4, 'stroke-linecap': 'round' })),
    arm, shoe);
  return { svg, arm, shoe };
}

export interface Dealer {
  el: HTMLElement;
  /** Shows what the dealer says (mood: a class for the bubble's colour). */
  say(text: string, mood: DealerMood): void;
  /** Deals a card: it leaves the shoe and lands in `cardEl` (already in its hand). */
  deal(cardEl: HTMLElement): void;
}

export function createDealer(label: string): Dealer {
  const { svg, shoe } = dealerSvg(label);
  const bubble = h('div', { class: 'dv-bubble', 'aria-live': 'polite' });
  const figure = h('div', { class: 'dv-dealer' }, svg);
  const el = h('div', { class: 'dv-dealer-row' }, bubble, figure);
  let reachTimer: ReturnType<typeof setTimeout> | undefined;
  let said = '';

  function reach(towardsLeft: boolean) {
    figure.classList.remove('reach-l', 'reach-r');
    // Restart the gesture even when two cards in a row go the same way.
    void figure.offsetWidth;
    figure.classList.add(towardsLeft ? 'reach-l' : 'reach-r');
    clearTimeout(reachTimer);
    reachTimer = setTimeout(() => figure.classList.remove('reach-l', 'reach-r'), FLIGHT_MS + 80);
  }

  return {
    el,
    say(text, mood) {
      if (text === said && bubble.dataset.mood === mood) return;
      said = text;
      bubble.textContent = text;
      bubble.dataset.mood = mood;
      bubble.hidden = !text;
    },
    deal(cardEl) {
      if (prefersReducedMotion() || typeof cardEl.animate !== 'function') return;
      const from = shoe.getBoundingClientRect();
      const to = cardEl.getBoundingClientRect();
      if (!to.width || !from.width) return;
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      const fig = figure.getBoundingClientRect();
      reach(to.left + to.width / 2 < fig.left + fig.width / 2);
      cardEl.classList.add('back');
      cardEl.animate([
        { transform: `translate(${dx}px, ${dy}px) scale(.45) rotate(-30deg)`, opacity: 0.9 },
        { transform: 'translate(0, 0) scale(1) rotate(0deg)', opacity: 1 },
      ], { duration: FLIGHT_MS, easing: 'cubic-bezier(.2,.7,.3,1)' });
      setTimeout(() => {
        cardEl.classList.remove('back');
        cardEl.animate([{ transform: 'rotateY(90deg)' }, { transform: 'rotateY(0deg)' }], { duration: 160, easing: 'ease-out' });
      }, FLIGHT_MS);
    },
  };
}
