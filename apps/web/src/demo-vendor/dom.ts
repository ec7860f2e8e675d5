/** A tiny DOM builder for the game pages (they carry no UI framework, so the lobby's bundle stays apart). */
export type Child = Node | string | number | null | undefined | false | Child[];
type Handler = (ev: Event) => void;
export type Props = Record<string, string | number | boolean | Handler | null | undefined>;

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el: Element, props: Props | undefined, children: Child[]): void {
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
      else if (k === 'class') el.setAttribute('class', String(v));
      // through the CSSOM: a style attribute would need 'unsafe-inline' in the page's CSP (style-src-attr)
      else if (k === 'style') (el as HTMLElement | SVGElement).style.cssText = String(v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** An HTML element: h('button', {class: 'x', onClick: fn}, 'Play'). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, props, children);
  return el;
}

/** An SVG element. */
export function s(tag: string, props?: Props, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  apply(el, props, children);
  return el;
}

/** Replaces the children of an element. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits `ms`, or not at all when the player asked for reduced motion. */
export const pause = (ms: number) => (prefersReducedMotion() ? Promise.resolve() : sleep(ms));
