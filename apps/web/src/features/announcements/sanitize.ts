/**
 * Operator HTML (announcements) is never trusted: every render goes through DOMPurify with a
 * small allow-list (text formatting, lists, links, images, tables). Scripts, event handlers,
 * styles, frames, forms and javascript:/data: links are dropped; links open in a new tab
 * without access to this page.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'div', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
  'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'blockquote', 'hr', 'small',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'];
const SAFE_URL = /^(?:https?:|\/(?!\/)|#)/i;

let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of ['href', 'src'] as const) {
      const v = node.getAttribute(attr);
      if (v !== null && !SAFE_URL.test(v.trim())) node.removeAttribute(attr);
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** Safe HTML for dangerouslySetInnerHTML. */
export function safeHtml(html: string): string {
  hook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target', 'rel'], ALLOW_DATA_ATTR: false });
}
