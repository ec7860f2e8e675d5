import { createHash } from 'node:crypto';
import type { games as contract } from '@lobby/contract';

/**
 * Generated artwork (no downloads): a game tile is a gradient from a hash of its id, soft
 * shapes, the game's initials and a symbol of its category, with the vendor name; a vendor
 * logo is its name on its own gradient.
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

export function gameSvg(g: { nodeId: string; name: string; gameType: contract.GameType; vendorCode: string; vendorName: string }): string {
  const h = hashBytes(`${g.vendorCode}/${g.nodeId}`);
  const hue = (h[0] * 256 + h[1]) % 360;
  const hue2 = (hue + 30 + (h[2] % 90)) % 360;
  const angle = h[3] % 2 ? '1' : '0';
  const blobs = [0, 1, 2].map((i) => {
    const cx = 20 + (h[4 + i] % 260);
    const cy = 20 + (h[7 + i] % 200);
    const r = 30 + (h[10 + i] % 70);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.06 + (h[13 + i] % 10) / 100).toFixed(2)}"/>`;
  }).join('');
  const text = esc(initials(g.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${esc(g.name)}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="${angle}" y2="1">`
    + `<stop offset="0" stop-color="hsl(${hue} 70% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 28%)"/></linearGradient>`
    + `<radialGradient id="s" cx=".5" cy=".4" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`
    + `<rect width="300" height="300" rx="28" fill="url(#g)"/><rect width="300" height="300" rx="28" fill="url(#s)"/>${blobs}`
    + `<g transform="translate(226 16)" opacity=".9">${SYMBOLS[g.gameType]}</g>`
    + `<text x="150" y="172" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="104" font-weight="800" fill="#0003" dx="4" dy="5">${text}</text>`
    + `<text x="150" y="172" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="104" font-weight="800" fill="#fff">${text}</text>`
    + `<rect x="0" y="240" width="300" height="60" fill="#0000004d"/>`
    + `<text x="150" y="278" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="22" font-weight="600" fill="#fff" letter-spacing="1">${esc(g.vendorName.toUpperCase())}</text>`
    + '</svg>';
}

export function vendorSvg(v: { code: string; name: string; gameType: contract.GameType }): string {
  const h = hashBytes(v.code);
  const hue = (h[0] * 256 + h[1]) % 360;
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160" role="img"'
    + ` aria-label="${esc(v.name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`
    + `<stop offset="0" stop-color="hsl(${hue} 65% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 22%)"/></linearGradient></defs>`
    + '<rect width="320" height="160" rx="20" fill="url(#g)"/>'
    + `<g transform="translate(22 50)">${SYMBOLS[v.gameType]}</g>`
    + `<text x="196" y="90" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="26" font-weight="800" fill="#fff">${esc(v.name)}</text>`
    + `<text x="196" y="118" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="14" fill="#fffc" letter-spacing="2">${esc(v.gameType)}</text>`
    + '</svg>';
}
