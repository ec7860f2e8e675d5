/**
 * Generated banner art (no downloads): /wps/announcements/art/<theme>.svg, a 1200x400 scene per
 * theme. Seeded banners point here; operators may use it or any http(s) image.
 */
export const ART_THEMES = {
  welcome: { from: '#1d2b64', to: '#7b2ff7', accent: '#ffd166', glyph: '★' },
  live: { from: '#0f2027', to: '#2c7744', accent: '#f8f9fa', glyph: '♠' },
  vip: { from: '#3a1c71', to: '#d76d77', accent: '#ffaf7b', glyph: '♛' },
  slots: { from: '#41295a', to: '#2f0743', accent: '#00f5d4', glyph: '7' },
  login: { from: '#134e5e', to: '#71b280', accent: '#ffe66d', glyph: '✦' },
} as const;
export type ArtTheme = keyof typeof ART_THEMES;

export const artPath = (theme: ArtTheme) => `/wps/announcements/art/${theme}.svg`;

export function bannerSvg(theme: ArtTheme): string {
  const c = ART_THEMES[theme];
  const dots = Array.from({ length: 18 }, (_, i) => {
    const x = (i * 137) % 1200;
    const y = (i * 71) % 400;
    return `<circle cx="${x}" cy="${y}" r="${2 + (i % 4)}" fill="${c.accent}" opacity="${0.15 + (i % 5) / 20}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-hidden="true">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>
<radialGradient id="r" cx="0.8" cy="0.4" r="0.5"><stop offset="0" stop-color="${c.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${c.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/><rect width="1200" height="400" fill="url(#r)"/>${dots}
<circle cx="940" cy="170" r="120" fill="none" stroke="${c.accent}" stroke-width="6" opacity="0.6"/>
<circle cx="1040" cy="300" r="60" fill="${c.accent}" opacity="0.25"/>
<text x="940" y="215" font-family="Georgia, serif" font-size="140" text-anchor="middle" fill="${c.accent}">${c.glyph}</text>
</svg>`;
}
