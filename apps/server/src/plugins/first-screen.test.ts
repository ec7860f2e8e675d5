import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plainText as plain } from '../modules/announcements/index.ts';
import { BANNER_CTA, faviconSvg, firstScreen, shellGuard, startAppAfterPaint, themeStyle } from './first-screen.ts';

const brand = { merchantCode: 'demo', name: 'Aurora <Play>', logoText: 'AURORA', theme: { primary: '#f5b301', accent: 'red;}</style>', background: '#0d1220' } };
const banner = (over: Partial<{ title: string; url: string; images: string; content: string }> = {}) => ({
  title: 'Bono', url: '/promotions', images: '/wps/announcements/art/welcome.svg', content: '<p>Su <b>primer</b> depósito</p>', ...over,
});

describe('first screen', () => {
  it('draws the header and the first banner with the app\'s classes, its text and button', () => {
    const html = firstScreen(brand, [banner(), banner({ title: 'Dos' })], 'ES');
    expect(html).toContain('data-shell="demo:ES"');
    expect(html).toContain('<span class="brand-logo__mark" aria-hidden="true">A</span><span class="brand-logo__text">AURORA</span>');
    expect(html).toContain('<a class="swiper-slide hero__slide hero__slide--0" href="/promotions">');
    expect(html).toContain('<img class="hero__img" src="/wps/announcements/art/welcome.svg"');
    expect(html).toContain('<span class="hero__text">Su primer depósito</span>');
    expect(html).toContain('<span class="btn btn--primary btn--lg">Ver más</span>');
    expect(html.match(/hero__dot\b/g)).toHaveLength(2);
    expect(html).not.toContain('Dos');
    expect(firstScreen(brand, [banner()], 'ES', 'data:image/svg+xml;base64,PHN2Zz4=')).toContain('src="data:image/svg+xml;base64,PHN2Zz4="');
  });

  it('escapes operator text, drops unsafe links and the button without a link', () => {
    const html = firstScreen(brand, [banner({ title: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', images: '" onload="x' })], 'EN');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('src="&quot; onload=&quot;x"');
    expect(html).not.toContain('btn--primary');
    expect(html).toContain('aria-label="Aurora &lt;Play&gt;"');
    expect(firstScreen(brand, [banner({ url: 'https://example.com/x' })], 'EN')).toContain('target="_blank" rel="noopener noreferrer"');
    expect(firstScreen(brand, [banner({ url: '//evil.example' })], 'EN')).not.toContain('evil');
  });

  it('reads the banner text out of its HTML, entities decoded once', () => {
    expect(plain('<p>A &amp; B&nbsp;&lt;3 &#233;&#x41; &bogus;</p>')).toBe('A & B <3 éA &bogus;');
    expect(firstScreen(brand, [banner({ content: '<p>A &amp; B</p>' })], 'ES')).toContain('<span class="hero__text">A &amp; B</span>');
  });

  it('draws no banner when the brand has none, and no button in a language without its label', () => {
    expect(firstScreen(brand, [], 'ES')).not.toContain('hero');
    expect(firstScreen(brand, [banner()], 'CN')).not.toContain('btn--primary');
  });

  it('sets only valid theme colours', () => {
    expect(themeStyle(brand.theme)).toBe('<style>:root{--brand-primary:#f5b301;--brand-bg:#0d1220}</style>');
    expect(themeStyle(undefined)).toBe('');
  });

  it('hides itself for a visitor whose stored language or brand differ', () => {
    const guard = shellGuard('demo', 'ES');
    const run = (lang: string | null, merchant: string | null) => {
      const cls = { className: '' };
      const store = (v: string | null) => ({ getItem: () => v });
      const code = /<script>(.*)<\/script>/s.exec(guard)![1];
      new Function('localStorage', 'sessionStorage', 'document', code)(store(lang), store(merchant), { documentElement: cls });
      return cls.className.includes('shell-off');
    };
    expect(run(null, null)).toBe(false);
    expect(run('ES', 'demo')).toBe(false);
    expect(run('es', null)).toBe(false);
    expect(run('EN', null)).toBe(true);
    expect(run(null, 'luna')).toBe(true);
  });

  it('has the web app\'s banner button label in each language it draws', () => {
    for (const [language, text] of Object.entries(BANNER_CTA)) {
      const file = path.resolve(__dirname, `../../../web/src/locales/${language.toLowerCase()}.json`);
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).annHome.cta, language).toBe(text);
    }
  });

  it('starts the app\'s script and module preloads after the first paint, not from the head', () => {
    const html = '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/a-1.js">\n</head><body><div id="root"></div></body></html>';
    const page = startAppAfterPaint(html);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('/assets/');
    const start = /<script>(.*)<\/script><\/body>/s.exec(page)![1];
    expect(start).toContain('"/assets/index-1.js"');
    expect(start).toContain('["/assets/a-1.js"]');
    // the app starts once: after the banner's decode and a frame, or after 500 ms at the latest
    const added: Array<{ src?: string; href?: string }> = [];
    const timers: Array<() => void> = [];
    const doc = { head: { appendChild: (el: { src?: string; href?: string }) => added.push(el) }, createElement: () => ({}), querySelector: () => null };
    new Function('document', 'requestAnimationFrame', 'setTimeout', start)(doc, (f: () => void) => f(), (f: () => void) => timers.push(f));
    timers.forEach((f) => f());
    expect(added.map((e) => e.src ?? e.href)).toEqual(['/assets/a-1.js', '/assets/index-1.js']);
    expect(startAppAfterPaint('<html><body></body></html>')).toBe('<html><body></body></html>');
  });

  it('draws the brand\'s icon: the first letter of its logo text on its primary colour, escaped; gold without a valid colour', () => {
    const icon = faviconSvg(brand);
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(icon).toContain('fill="#f5b301"');
    expect(icon).toMatch(/>A<\/text><\/svg>$/);
    const odd = faviconSvg({ name: '<b>', logoText: '', theme: { primary: 'red"/><script>' } });
    expect(odd).toContain('fill="#f5b73b"');
    expect(odd).toContain('>&lt;</text>');
    expect(odd).not.toContain('<script>');
    expect(faviconSvg({ name: 'x', logoText: '🎲 Dados' })).toContain('>🎲</text>');
  });
});
