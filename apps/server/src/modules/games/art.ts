import { createHash } from 'node:crypto';
import type { games as contract } from '@lobby/contract';
import { themeOf } from './art-themes.ts';

/**
 * Generated artwork (no downloads): a game tile is an illustrated scene of its theme
 * (art-themes.ts: from the slot's name, or the category's own scene) with the game's name in
 * lettering and the vendor's name; a vendor logo is a word-mark on the category's colour.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hashBytes(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Up to two letters from the capitalised words of a name ("Queen of the North" -> "QN"). */
export function initials(name: string): string {
  const all = name.normalize('NFC').split(/[\s&':-]+/).filter((w) => /^\p{L}/u.test(w));
  const capital = all.filter((w) => /^\p{Lu}/u.test(w));
  const words = capital.length ? capital : all;
  const picked = (words.length >= 2 ? [words[0], words[1]] : words).map((w) => w[0].toUpperCase());
  return picked.join('') || name.slice(0, 2).toUpperCase();
}

/** A symbol for each category, drawn in a 60x60 box. */
const SYMBOLS: Record<contract.GameType, string> = {
  RNG: '<path d="M30 4l7.6 16.4L56 22.7 42.5 35.2 46 53 30 44.2 14 53l3.5-17.8L4 22.7l18.4-2.3z" fill="#fff"/>',
  LIVE: '<circle cx="30" cy="30" r="24" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="9 6"/><circle cx="30" cy="30" r="13" fill="#fff"/>',
  FISH: '<ellipse cx="26" cy="30" rx="20" ry="12" fill="#fff"/><path d="M42 30l16-12v24z" fill="#fff"/><circle cx="16" cy="27" r="3" fill="#0003"/>',
  SPORTS: '<circle cx="30" cy="30" r="24" fill="#fff"/><path d="M30 19l10 7-4 12H24l-4-12z" fill="#0004"/>',
  ESPORTS: '<rect x="4" y="17" width="52" height="28" rx="14" fill="#fff"/><path d="M15 31h10M20 26v10" stroke="#0005" stroke-width="4"/><circle cx="40" cy="28" r="3.5" fill="#0005"/><circle cx="47" cy="34" r="3.5" fill="#0005"/>',
  PVP: '<rect x="8" y="8" width="44" height="44" rx="10" fill="#fff"/><g fill="#0005"><circle cx="20" cy="20" r="4.5"/><circle cx="30" cy="30" r="4.5"/><circle cx="40" cy="40" r="4.5"/></g>',
  LOTT: '<circle cx="30" cy="30" r="24" fill="#fff"/><circle cx="30" cy="30" r="12" fill="none" stroke="#0005" stroke-width="4"/>',
  ELOTT: '<circle cx="30" cy="30" r="24" fill="#fff"/><path d="M32 12L20 33h10l-3 15 13-22H30z" fill="#0005"/>',
  COCKFIGHT: '<path d="M12 50c0-18 8-30 22-34l-4-8 10 5 6-7v10c6 4 8 12 6 20-3 10-12 14-24 14z" fill="#fff"/>',
};

/** Bump when the drawings change: it is part of the tiles' `?v=` (they are cached for a year). */
export const ART_VERSION = '2';

const FONT = 'font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif"';

/** A name in one line when short, else in the two lines of most even length. */
export function wrapName(name: string, max = 11): string[] {
  const words = name.trim().split(/\s+/);
  if (name.length <= max || words.length < 2) return [words.join(' ')];
  let best: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (!best.length || Math.max(...pair.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = pair;
  }
  return best;
}

/**
 * A line of lettering centred at x, its length set (textLength) to the width estimated for heavy
 * capitals (0.75 em a letter) or to `width` when that is less: the same look with any font.
 */
function lettering(text: string, x: number, y: number, size: number, width: number, attrs: string): string {
  const len = Math.round(Math.min(width, text.length * size * 0.75));
  return `<text x="${x}" y="${Math.round(y)}" text-anchor="middle" ${FONT} font-size="${Math.round(size)}" textLength="${len}" lengthAdjust="spacingAndGlyphs" ${attrs}>${esc(text)}</text>`;
}

/** A #rrggbb colour with its hue turned by `deg` (tiles of one theme differ in colour). */
export function turnHue(hex: string, deg: number): string {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const h0 = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  const h = (((h0 * 60 + deg) % 360) + 360) % 360;
  return `hsl(${Math.round(h)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%)`;
}

/** The lettering of a tile: the game's name without a leading "<vendor>: " (sports, cockfights). */
export function tileTitle(name: string): string {
  const i = name.indexOf(': ');
  return i > 0 && i < name.length - 2 ? name.slice(i + 2) : name;
}

/**
 * A game tile (300x300): its theme's gradient and scene (art-themes.ts), varied by a hash of the
 * game, the game's name in large lettering with an outline, and the vendor's name at the foot.
 */
export function gameSvg(g: { nodeId: string; name: string; gameType: contract.GameType; vendorCode: string; vendorName: string }): string {
  const h = hashBytes(`${g.vendorCode}/${g.nodeId}`);
  const theme = themeOf(g.gameType, g.name);
  const scene = theme.scene(h);
  // Scenes with numbers or letters (balls, cards) are never mirrored.
  const mirror = h[20] % 2 === 1 && !scene.includes('<text') && g.gameType !== 'SPORTS';
  const tilt = (h[21] % 30) - 15;
  const shift = ((h[22] % 7) - 3) * 9;
  const lines = wrapName(tileTitle(g.name).toUpperCase());
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(lines.length > 1 ? 40 : 46, 270 / (longest * 0.75));
  const base = 258;
  const text = lines.map((l, i) => lettering(l, 150, base - (lines.length - 1 - i) * size * 1.02, size, 270,
    'font-weight="900" fill="url(#t)" stroke="#1a0a00" stroke-width="7" stroke-linejoin="round" paint-order="stroke"')).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${esc(g.name)}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${turnHue(theme.bg[0], shift)}"/><stop offset="1" stop-color="${turnHue(theme.bg[1], shift)}"/></linearGradient>`
    + '<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6"/><stop offset=".55" stop-color="#ffe27a"/><stop offset="1" stop-color="#ffb300"/></linearGradient>'
    + '<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></linearGradient>'
    + `<radialGradient id="s" cx=".5" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`
    + '<rect width="300" height="300" fill="url(#g)"/>'
    + `<path d="M150 120L${150 + 260 * Math.cos((tilt - 60) * Math.PI / 180) | 0} -200L${150 + 260 * Math.cos((tilt - 40) * Math.PI / 180) | 0} -200z" fill="#fff" opacity=".06"/>`
    + '<rect width="300" height="300" fill="url(#s)"/>'
    + `<g${mirror ? ' transform="matrix(-1 0 0 1 300 0)"' : ''}>${scene}</g>`
    + `<rect width="300" height="300" fill="url(#f)"/>${text}`
    + `<text x="150" y="287" text-anchor="middle" ${FONT} font-size="13" font-weight="700" fill="#fff" opacity=".8" letter-spacing="2">${esc(g.vendorName.toUpperCase())}</text>`
    + '</svg>';
}

/** Dark, saturated backgrounds for the vendor logos (white lettering reads on every one). */
const LOGO_BG: Record<contract.GameType, [number, number]> = {
  RNG: [275, 330], LIVE: [150, 170], FISH: [200, 225], SPORTS: [130, 110], ESPORTS: [300, 260], PVP: [230, 260], LOTT: [25, 0], ELOTT: [185, 210], COCKFIGHT: [10, 35],
};

/**
 * A vendor logo (320x160): a word-mark. The first word of the name in heavy white capitals as
 * large as it fits, the rest below in spaced gold capitals, the category's symbol in a badge;
 * on a dark gradient of the category's colour, so it reads at footer and tab sizes.
 */
export function vendorSvg(v: { code: string; name: string; gameType: contract.GameType }): string {
  const h = hashBytes(v.code);
  const [a, b] = LOGO_BG[v.gameType];
  const hue = (a + (h[0] % 24) - 12 + 360) % 360;
  const words = v.name.toUpperCase().split(/\s+/).filter(Boolean);
  const main = words[0] ?? v.name;
  const rest = words.slice(1).join(' ');
  const mainSize = Math.min(56, 212 / (main.length * 0.75));
  const restSize = rest ? Math.min(22, 212 / (rest.length * 0.75)) : 0;
  const mainY = rest ? 82 + mainSize * 0.18 : 80 + mainSize * 0.36;
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160" role="img"'
    + ` aria-label="${esc(v.name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`
    + `<stop offset="0" stop-color="hsl(${hue} 62% 30%)"/><stop offset="1" stop-color="hsl(${b} 70% 11%)"/></linearGradient></defs>`
    + '<rect width="320" height="160" rx="20" fill="url(#g)"/><rect x="5" y="5" width="310" height="150" rx="16" fill="none" stroke="#ffd24a" stroke-opacity=".55" stroke-width="2"/>'
    + `<circle cx="48" cy="80" r="30" fill="#fff" fill-opacity=".14" stroke="#ffd24a" stroke-width="3"/><g transform="translate(30 62) scale(.6)">${SYMBOLS[v.gameType]}</g>`
    + lettering(main, 200, mainY, mainSize, 212, 'font-weight="900" fill="#fff" letter-spacing="1"')
    + (rest ? `<path d="M140 98h120" stroke="#ffd24a" stroke-width="2" opacity=".8"/>`
      + lettering(rest, 200, 124, restSize, 212, 'font-weight="700" fill="#ffd24a" letter-spacing="3"') : '')
    + '</svg>';
}
