// The stand-in's content: what its game list answers and how each game plays. Two engines, each
// with a fixed paytable whose return to player is computed exactly (games.test in the server
// suite checks it): a 3-reel slot and a dice game (roll under).
import { randomInt } from 'node:crypto';

/** Reel strip of the slot: symbol → how many of the 32 stops show it. */
const REEL = [['cherry', 10], ['lemon', 9], ['bell', 6], ['star', 4], ['seven', 3]];
const STOPS = REEL.reduce((n, [, w]) => n + w, 0);
/** Pays (times the bet) for three of a kind; any two cherries pay 1x, one cherry pays nothing. */
const THREE = { cherry: 6, lemon: 8, bell: 20, star: 60, seven: 180 };
const TWO_CHERRIES = 1;

function spinReel() {
  let r = randomInt(STOPS);
  for (const [s, w] of REEL) {
    if (r < w) return s;
    r -= w;
  }
  return REEL[0][0];
}

/** What three symbols pay, as a multiple of the bet. */
export function slotPays(reels) {
  if (reels[0] === reels[1] && reels[1] === reels[2]) return THREE[reels[0]];
  const cherries = reels.filter((s) => s === 'cherry').length;
  return cherries === 2 ? TWO_CHERRIES : 0;
}

/** The slot's exact return to player (sum over every stop combination). */
export function slotRtp() {
  let total = 0;
  for (const [a, wa] of REEL) for (const [b, wb] of REEL) for (const [c, wc] of REEL) {
    total += wa * wb * wc * slotPays([a, b, c]);
  }
  return total / STOPS ** 3;
}

/** Dice: a roll of 1-100 under the target (2-96) pays 97 / (target - 1) times the bet. */
export const DICE_EDGE = 0.97;
export function dicePays(roll, target) {
  return roll < target ? Math.floor((DICE_EDGE * 100 / (target - 1)) * 10000) / 10000 : 0;
}

export const ENGINES = {
  slot: {
    play: () => {
      const reels = [spinReel(), spinReel(), spinReel()];
      return { outcome: { reels }, multiplier: slotPays(reels) };
    },
  },
  dice: {
    play: (opts) => {
      const target = Number.isInteger(opts?.target) && opts.target >= 2 && opts.target <= 96 ? opts.target : 50;
      const roll = randomInt(1, 101);
      return { outcome: { roll, target }, multiplier: dicePays(roll, target) };
    },
  },
};

/**
 * The catalog: Hub88 game-list entries (documented fields) plus the engine that plays each.
 * `category` follows Hub88's category names; `product` is the supplier.
 */
const GAMES = [
  { game_code: 'aur_luckysevens', name: 'Lucky Sevens', product: 'Aurora Studios', category: 'Video Slots', engine: 'slot', volatility: 3, paylines: 1, release_date: '2026-03-02' },
  { game_code: 'aur_fruitfiesta', name: 'Fruit Fiesta', product: 'Aurora Studios', category: 'Video Slots', engine: 'slot', volatility: 2, paylines: 1, release_date: '2026-05-18' },
  { game_code: 'aur_starburstx', name: 'Star Parade', product: 'Aurora Studios', category: 'Video Slots', engine: 'slot', volatility: 4, paylines: 1, release_date: '2026-08-09' },
  { game_code: 'nvd_diceroyale', name: 'Dice Royale', product: 'Nova Dice', category: 'Dice', engine: 'dice', volatility: 2, paylines: null, release_date: '2026-01-20' },
  { game_code: 'nvd_highroller', name: 'High Roller Dice', product: 'Nova Dice', category: 'Dice', engine: 'dice', volatility: 5, paylines: null, release_date: '2026-06-11' },
];

export const gameByCode = new Map(GAMES.map((g) => [g.game_code, g]));

/** The documented game-list entry of each game (URLs under the stand-in's public address). */
export function gameList(publicUrl) {
  return GAMES.map((g) => ({
    name: g.name,
    game_code: g.game_code,
    product: g.product,
    category: g.category,
    enabled: true,
    freebet_support: false,
    phoenix_jackpot_support: null,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    url_thumb: `${publicUrl}/thumbs/${g.game_code}.svg`,
    url_background: `${publicUrl}/thumbs/${g.game_code}.svg?bg=1`,
    blocked_countries: null,
    release_date: g.release_date,
    volatility: g.volatility,
    rtp: (g.engine === 'slot' ? slotRtp() * 100 : DICE_EDGE * 100).toFixed(2),
    paylines: g.paylines,
    hit_ratio: null,
    certifications: null,
    languages: ['en', 'es'],
    technology: ['html5'],
    features: null,
  }));
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A tile for a game: its name on a colour of its code (no downloads). */
export function thumbSvg(g) {
  let h = 0;
  for (const ch of g.game_code) h = (h * 31 + ch.charCodeAt(0)) % 360;
  const glyph = g.engine === 'slot' ? '7' : '⚅';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 75% 50%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360} 70% 25%)"/></linearGradient></defs>`
    + `<rect width="300" height="300" rx="24" fill="url(#g)"/>`
    + `<text x="150" y="170" text-anchor="middle" font-family="system-ui,Arial,sans-serif" font-size="120" font-weight="800" fill="#fff">${esc(glyph)}</text>`
    + `<rect y="232" width="300" height="68" fill="#0006"/>`
    + `<text x="150" y="262" text-anchor="middle" font-family="system-ui,Arial,sans-serif" font-size="24" font-weight="700" fill="#fff">${esc(g.name)}</text>`
    + `<text x="150" y="288" text-anchor="middle" font-family="system-ui,Arial,sans-serif" font-size="15" fill="#fffc">${esc(g.product.toUpperCase())}</text>`
    + '</svg>';
}
