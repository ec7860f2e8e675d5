/**
 * The text of operator HTML (marquee, banner captions): no markup at all. Parsed in an inert
 * document (DOMParser: no scripts run, no handlers, nothing is fetched), so the home page needs
 * no sanitiser to show it; rendering HTML goes through sanitize.ts.
 */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll('script, style, template, noscript, iframe, object, textarea, select')) el.remove();
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
