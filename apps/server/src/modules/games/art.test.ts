import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_TYPES } from '@lobby/contract';
import { ART_VERSION, gameSvg, tileTitle, turnHue, vendorSvg, wrapName } from './art.ts';
import { slotTheme, themeOf } from './art-themes.ts';
import { DEMO_VENDORS, demoCatalog } from './demo-catalog.ts';

/** Well-formed XML (tags balanced and nested, attributes quoted, entities escaped): enough for our generated SVG. */
function wellFormed(svg: string): void {
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(svg))) {
    at = re.lastIndex;
    if (m[5] !== undefined) {
      expect(m[5], 'text escaped').not.toMatch(/&(?!#\d+;|amp;|lt;|gt;|quot;)/);
      continue;
    }
    if (m[1]) expect(stack.pop(), `closing </${m[2]}>`).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]);
  }
  expect(at, `parsed to the end (stopped at ${svg.slice(at, at + 40)})`).toBe(svg.length);
  expect(stack).toEqual([]);
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
/** The tile's title lettering (the lines drawn with the gold fill), joined by spaces. */
const lettering = (svg: string) => [...svg.matchAll(/<text [^>]*fill="url\(#t\)"[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1])).join(' ');

const demo = demoCatalog();
const catalog = { vendors: demo.vendors ?? [], games: demo.games ?? [] };
const vendorOf = new Map(catalog.vendors.map((v) => [v.code, v]));
const MAX_TILE_BYTES = 6000;
const MAX_LOGO_BYTES = 2500;

describe('generated artwork', () => {
  it('every demo game gets a well-formed SVG under 6 KB with its name in lettering, no NaN, distinct per game', () => {
    const seen = new Set<string>();
    let largest = 0;
    for (const g of catalog.games) {
      const v = vendorOf.get(g.vendor)!;
      const svg = gameSvg({ nodeId: g.nodeId, name: g.name.EN, gameType: g.gameType, vendorCode: v.code, vendorName: v.name });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      wellFormed(svg);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(lettering(svg), g.name.EN).toBe(tileTitle(g.name.EN).toUpperCase());
      expect(svg).toContain(`aria-label="${g.name.EN.replace(/&/g, '&#38;').replace(/'/g, '&#39;')}"`);
      expect(svg).toContain(v.name.toUpperCase());
      largest = Math.max(largest, Buffer.byteLength(svg));
      seen.add(svg);
    }
    expect(largest).toBeLessThan(MAX_TILE_BYTES);
    expect(seen.size).toBe(catalog.games.length);
  });

  it('slots get the scene their name calls for, nouns before adjectives', () => {
    expect(slotTheme('Golden Dragon').key).toBe('dragon');
    expect(slotTheme('Queen of Egypt').key).toBe('treasure');
    expect(slotTheme('Pharaoh of the Sea').key).toBe('egypt');
    expect(slotTheme('Frozen Galaxy Megaways').key).toBe('space');
    expect(slotTheme('Crystal Hold & Win').key).toBe('gems');
    expect(slotTheme('Something Else').key).toBe('classic');
    // almost every demo slot has an illustrated theme (not the fallback seven)
    const slots = catalog.games.filter((g) => g.gameType === 'RNG');
    const themed = slots.filter((g) => slotTheme(g.name.EN).key !== 'classic');
    expect(themed.length / slots.length).toBeGreaterThan(0.95);
    expect(new Set(slots.map((g) => slotTheme(g.name.EN).key)).size).toBeGreaterThanOrEqual(15);
  });

  it('the other categories have their own scenes', () => {
    expect(themeOf('LIVE', 'Baccarat').key).toBe('live');
    expect(themeOf('FISH', 'Shark Hunter').key).toBe('shark');
    expect(themeOf('SPORTS', 'Arena Sports: Sportsbook').key).toBe('sports');
    expect(themeOf('COCKFIGHT', 'Gallo de Oro: Live Cockfight').key).toBe('cockfight');
    expect(themeOf('PVP', 'Rocket Crash').key).toBe('crash');
    expect(themeOf('PVP', 'Hi-Lo Dice').key).toBe('dice');
    expect(themeOf('PVP', 'Punto Banco Duel').key).toBe('cards');
    expect(themeOf('LOTT', 'Powerball').key).toBe('lottery');
    expect(themeOf('ELOTT', 'Keno').key).toBe('keno');
    for (const t of GAME_TYPES) expect(themeOf(t, 'X').scene(new Uint8Array(32))).toMatch(/^</);
  });

  it('every vendor gets a legible word-mark logo: its name in large capitals, well-formed, small', () => {
    for (const v of DEMO_VENDORS) {
      const svg = vendorSvg({ code: v.code, name: v.name, gameType: v.type });
      wellFormed(svg);
      expect(svg).not.toMatch(/NaN|undefined/);
      expect(svg).toContain(`aria-label="${v.name}"`);
      const words = v.name.toUpperCase().split(' ');
      const main = /<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/.exec(svg)!;
      expect(main[2]).toBe(words[0]);
      // the main word stays large enough to read at footer size (a 120 px wide logo: >= 9 px letters)
      expect(Number(main[1]) * (120 / 320)).toBeGreaterThanOrEqual(9);
      if (words.length > 1) expect(svg).toContain(`>${words.slice(1).join(' ')}</text>`);
      expect(Buffer.byteLength(svg)).toBeLessThan(MAX_LOGO_BYTES);
    }
  });

  it('wraps a name in at most two lines and turns colours', () => {
    expect(wrapName('OCEAN KING')).toEqual(['OCEAN KING']);
    expect(wrapName('QUEEN OF THE NORTH')).toEqual(['QUEEN OF', 'THE NORTH']);
    expect(wrapName('GOLDEN DRAGON HOLD & WIN')).toEqual(['GOLDEN DRAGON', 'HOLD & WIN']);
    expect(tileTitle('Goal Bet: Sportsbook')).toBe('Sportsbook');
    expect(tileTitle('Lotto 6/49')).toBe('Lotto 6/49');
    expect(turnHue('#ff0000', 120)).toBe('hsl(120 100% 50%)');
    expect(turnHue('#808080', 30)).toBe('hsl(30 0% 50%)');
    expect(ART_VERSION).toMatch(/^\d+$/);
    // the player site's footer asks for the logos of this art version (they are cached for a year)
    const footer = readFileSync(new URL('../../../../web/src/app/layout/Footer.tsx', import.meta.url), 'utf8');
    expect(footer).toContain(`vendor.svg?v=${ART_VERSION}\``);
  });
});
