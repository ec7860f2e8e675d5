/** Operator HTML is rendered without executing anything (issue 7: XSS payloads). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { OperatorHtml } from './Html';
import { safeHtml } from './sanitize';
import { plainText } from './text';

declare global {
  interface Window { __xss?: number }
}

const PAYLOADS = [
  '<script>window.__xss = 1</script><p>ok</p>',
  '<img src="x" onerror="window.__xss = 2">',
  '<a href="javascript:window.__xss=3">click</a>',
  '<a href="JaVaScRiPt:window.__xss=3">click</a>',
  '<a href=" javascript:window.__xss=3">click</a>',
  '<svg><script>window.__xss = 4</script></svg>',
  '<iframe src="javascript:window.__xss=5"></iframe>',
  '<div onmouseover="window.__xss=6" style="position:fixed;inset:0">x</div>',
  '<form action="javascript:window.__xss=7"><button>go</button></form>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=8">',
  '<p>safe <strong>bold</strong> <a href="/promotions">promo</a> <a href="https://example.com">ext</a></p>',
];

afterEach(() => {
  cleanup();
  delete window.__xss;
});

describe('OperatorHtml', () => {
  it('renders every payload without scripts, handlers, frames, forms or javascript:/data: URLs', async () => {
    for (const html of PAYLOADS) {
      const { container } = render(<OperatorHtml html={html} />);
      expect(container.querySelector('script, iframe, form, style, svg, math'), html).toBeNull();
      for (const el of container.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) {
          expect(attr.startsWith('on'), `${html} kept ${attr}`).toBe(false);
          expect(attr, html).not.toBe('style');
        }
        for (const attr of ['href', 'src']) {
          const v = el.getAttribute(attr);
          if (v !== null) expect(v.trim(), html).toMatch(/^(https?:|\/(?!\/)|#)/i);
        }
      }
      // let any deferred handler run
      container.querySelectorAll('img').forEach((img) => img.dispatchEvent(new Event('error')));
      container.querySelectorAll('div').forEach((d) => d.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
      cleanup();
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(window.__xss).toBeUndefined();
  });

  it('keeps the safe formatting; links open in a new tab without opener', () => {
    const { container } = render(<OperatorHtml html={PAYLOADS[PAYLOADS.length - 1]} />);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/promotions', 'https://example.com']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
  });

  it('the sanitiser strips a javascript: link even when it would pass DOMPurify defaults', () => {
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(safeHtml('<img src="//evil.example/x.png">')).toBe('<img>');
  });

  it('plainText drops all markup (marquee, banner captions)', () => {
    expect(plainText('<p>Hi <script>window.__xss=9</script><b>there</b></p>')).toBe('Hi there');
    expect(plainText('<style>p{}</style><img src=x onerror="window.__xss=8">  Big\n <i>win</i>&amp;more<template>t</template>')).toBe('Big win&more');
    expect(window.__xss).toBeUndefined();
  });
});
