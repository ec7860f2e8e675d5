/**
 * Generated reward art (no downloads): /wps/points/art/<theme>.svg, a 600x400 picture per
 * theme. Seeded rewards point here; operators may use it or any http(s) image.
 */
export const REWARD_ART = {
  phone: { from: '#0f2027', to: '#2c5364', accent: '#00f5d4', glyph: '☎' },
  watch: { from: '#232526', to: '#414345', accent: '#ffd166', glyph: '◷' },
  headphones: { from: '#41295a', to: '#2f0743', accent: '#f72585', glyph: '♫' },
  voucher: { from: '#7b4397', to: '#dc2430', accent: '#ffe66d', glyph: '%' },
  coins: { from: '#b8860b', to: '#5c3d00', accent: '#fff3b0', glyph: '$' },
  gift: { from: '#134e5e', to: '#71b280', accent: '#ffe66d', glyph: '★' },
} as const;
export type RewardArt = keyof typeof REWARD_ART;

export const rewardArtPath = (theme: RewardArt) => `/wps/points/art/${theme}.svg`;

export function rewardSvg(theme: RewardArt): string {
  const c = REWARD_ART[theme];
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="300" y1="200" x2="${(300 + Math.cos(a) * 420).toFixed(0)}" y2="${(200 + Math.sin(a) * 420).toFixed(0)}" stroke="${c.accent}" stroke-width="18" opacity="0.06"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400" role="img" aria-hidden="true">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${c.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${c.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="600" height="400" fill="url(#g)"/>${rays}<circle cx="300" cy="200" r="170" fill="url(#r)"/>
<circle cx="300" cy="200" r="110" fill="none" stroke="${c.accent}" stroke-width="4" opacity="0.5"/>
<text x="300" y="238" font-size="110" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" fill="${c.accent}">${c.glyph}</text>
</svg>`;
}
