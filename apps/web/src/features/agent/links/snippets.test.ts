import { describe, expect, it } from 'vitest';
import { bannerSnippets, trackedUrl } from './snippets';

describe('tracked links and banner snippets', () => {
  it('puts the code, campaign and sub-ID on any lobby page', () => {
    expect(trackedUrl('AGENT01', {}, 'https://site.example/')).toBe('https://site.example/?referralCode=AGENT01');
    expect(trackedUrl('AGENT01', { campaign: 'spring', sub: 's-1' }, 'https://site.example', '/rng?vassalage=PG')).toBe('https://site.example/rng?vassalage=PG&referralCode=AGENT01&campaign=spring&sub=s-1');
  });

  it('embeds the tracked link in HTML and Markdown, with an absolute image and escaped text', () => {
    const s = bannerSnippets({ name: 'Big "win" <now>', width: 728, height: 90, imageUrl: '/site/banners/a.png', landingPath: '/promotions' }, 'AGENT01', { sub: 'x' }, 'https://site.example');
    expect(s.link).toBe('https://site.example/promotions?referralCode=AGENT01&sub=x');
    expect(s.html).toBe('<a href="https://site.example/promotions?referralCode=AGENT01&amp;sub=x" target="_blank" rel="noopener"><img src="https://site.example/site/banners/a.png" width="728" height="90" alt="Big &quot;win&quot; &lt;now&gt;"></a>');
    expect(s.markdown).toBe('[![Big "win" <now>](https://site.example/site/banners/a.png)](https://site.example/promotions?referralCode=AGENT01&sub=x)');
    expect(bannerSnippets({ name: 'a[b]', width: 1, height: 1, imageUrl: 'https://cdn.example/x.jpg', landingPath: '/' }, 'C', {}, 'https://s.example').markdown).toBe('[![a\\[b\\]](https://cdn.example/x.jpg)](https://s.example/?referralCode=C)');
  });
});
