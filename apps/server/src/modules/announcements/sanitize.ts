/**
 * Operator HTML sanitised on save (announcements, banners, promotions, help articles), with the
 * same allow-list the web applies at render (apps/web/src/features/announcements/sanitize.ts):
 * text formatting, lists, links, images, tables. Scripts, styles, frames, forms and their content
 * are dropped; other unknown elements are unwrapped (their text kept); every attribute but href,
 * src, alt, title, colspan, rowspan is dropped (so on* handlers and style); href/src must be an
 * http(s) URL, a site path or a #fragment. Links open in a new tab without access to the page.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Parent = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'div', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
  'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'blockquote', 'hr', 'small',
]);
/** Removed with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript', 'noembed', 'noframes',
  'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'option', 'title', 'head', 'meta', 'link', 'base', 'xmp', 'plaintext',
  'audio', 'video', 'source', 'track', 'canvas', 'portal',
]);
const ALLOWED_ATTR = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);
const SAFE_URL = /^(?:https?:|\/(?!\/)|#)/i;

const isElement = (n: Node): n is Element => 'tagName' in n;

function clean(parent: Parent): void {
  const out: Node[] = [];
  for (const n of parent.childNodes) {
    if (n.nodeName === '#text') {
      out.push(n);
    } else if (isElement(n)) {
      const tag = n.tagName.toLowerCase();
      if (DROPPED.has(tag)) continue;
      clean(n);
      if (!ALLOWED_TAGS.has(tag)) {
        for (const c of n.childNodes) {
          c.parentNode = parent;
          out.push(c);
        }
        continue;
      }
      n.attrs = n.attrs.filter((a) => !a.namespace && ALLOWED_ATTR.has(a.name.toLowerCase())
        && ((a.name !== 'href' && a.name !== 'src') || SAFE_URL.test(a.value.trim())));
      if (tag === 'a' && n.attrs.some((a) => a.name === 'href')) {
        n.attrs.push({ name: 'target', value: '_blank' }, { name: 'rel', value: 'noopener noreferrer nofollow' });
      }
      out.push(n);
    }
    // comments, doctypes and anything else are dropped
  }
  parent.childNodes = out as Parent['childNodes'];
}

/** Safe operator HTML. */
export function sanitizeHtml(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const frag = parseFragment(html);
  clean(frag);
  return serialize(frag);
}

/** The text of operator HTML: tags dropped (a space in their place), entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const texts: string[] = [];
  const walk = (parent: Parent) => {
    for (const n of parent.childNodes) {
      if (n.nodeName === '#text') texts.push((n as DefaultTreeAdapterMap['textNode']).value);
      else if (isElement(n) && !DROPPED.has(n.tagName.toLowerCase())) walk(n);
    }
  };
  walk(parseFragment(html));
  return texts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Every language of a text map sanitised. */
export function sanitizeTexts<T extends Partial<Record<'ES' | 'EN', string>>>(t: T): T {
  const out = { ...t };
  for (const k of ['ES', 'EN'] as const) if (typeof out[k] === 'string') out[k] = sanitizeHtml(out[k]!) as T[typeof k];
  return out;
}
