import type { games as contract } from '@lobby/contract';

/**
 * The scenes of the generated game art (art.ts): each theme is a palette and a small drawing in
 * a 300x300 tile (scene in the upper part; the lettering goes below it). A slot's theme comes
 * from the words of its name (the first noun that names one, else an adjective or a place:
 * "Golden Dragon" is a dragon, "Queen of Egypt" a treasure); the other categories have their own
 * scene (live tables a felt with cards and chips, fish an ocean, sports a pitch, cockfights two
 * roosters, lotteries balls), with variants by name (crash, dice or cards; shark, kraken…).
 * `v` is a few bytes of the tile's hash, to vary colours and positions between tiles of a theme.
 */

export interface Theme {
  key: string;
  /** Background gradient, top to bottom. */
  bg: [string, string];
  scene: (v: Uint8Array) => string;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A faceted gem centred at (x, y), half-width s. */
function gem(x: number, y: number, s: number, fill: string): string {
  const t = y - s * 0.55;
  const b = y + s * 1.1;
  return `<path d="M${r1(x - s)} ${y}L${r1(x - s / 2)} ${r1(t)}H${r1(x + s / 2)}L${r1(x + s)} ${y}L${x} ${r1(b)}z" fill="${fill}"/>`
    + `<path d="M${r1(x - s)} ${y}H${r1(x + s)}M${r1(x - s / 2)} ${r1(t)}L${r1(x - s / 4)} ${y}L${x} ${r1(b)}L${r1(x + s / 4)} ${y}L${r1(x + s / 2)} ${r1(t)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2"/>`
    + `<path d="M${r1(x - s / 2)} ${r1(t)}L${r1(x - s / 4)} ${y}H${r1(x + s / 4)}L${r1(x + s / 2)} ${r1(t)}z" fill="#fff" opacity=".3"/>`;
}

/** A four-point sparkle. */
const spark = (x: number, y: number, s: number, fill = '#fff') =>
  `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}z" fill="${fill}"/>`;

/** Sparkles at positions taken from the hash. */
const sparks = (v: Uint8Array, n: number, fill = '#fff') =>
  Array.from({ length: n }, (_, i) => spark(20 + (v[i] % 260), 16 + (v[i + 4] % 150), 5 + (v[i + 8] % 6), fill)).join('');

const coin = (x: number, y: number, r = 20) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffcc33" stroke="#a86b00" stroke-width="3"/><circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="none" stroke="#a86b00" stroke-width="2"/>`;

const fish = (x: number, y: number, s: number, fill: string, flip = false) =>
  `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})"><path d="M-30 0C-18-16 10-18 22 0 10 18-18 16-30 0z" fill="${fill}"/><path d="M20 0l16-13v26z" fill="${fill}"/><circle cx="-18" cy="-3" r="3.5" fill="#fff"/><circle cx="-18" cy="-3" r="1.8" fill="#123"/></g>`;

const bubbles = (v: Uint8Array) => Array.from({ length: 6 }, (_, i) =>
  `<circle cx="${20 + (v[i] % 260)}" cy="${20 + (v[i + 6] % 170)}" r="${3 + (v[i + 3] % 7)}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`).join('');

const waves = (y: number, fill: string) =>
  `<path d="M0 ${y}q25-14 50 0t50 0 50 0 50 0 50 0 50 0V300H0z" fill="${fill}"/>`;

const card = (x: number, y: number, rot: number, rank: string, red: boolean) =>
  `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-30" y="-42" width="60" height="84" rx="7" fill="#fff" stroke="#0002"/>`
  + `<text x="-20" y="-18" font-size="20" font-weight="800" fill="${red ? '#d3283f' : '#111'}" font-family="Georgia,serif">${rank}</text>`
  + `<path d="${red ? 'M0 2c-10-12-22 0-10 10l10 12 10-12c12-10 0-22-10-10z' : 'M0-10c8 10 18 14 10 24-4 5-10 3-10-2l3 12h-6l3-12c0 5-6 7-10 2-8-10 2-14 10-24z'}" fill="${red ? '#d3283f' : '#111'}"/></g>`;

const chips = (x: number, y: number, fill: string) =>
  [0, 1, 2, 3].map((i) => `<ellipse cx="${x}" cy="${y - i * 7}" rx="22" ry="8" fill="${fill}" stroke="#fff" stroke-width="2" stroke-dasharray="6 5"/>`).join('');

const ball = (x: number, y: number, r: number, fill: string, n: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="#fff"/><circle cx="${x - r * 0.35}" cy="${y - r * 0.4}" r="${r * 0.18}" fill="#fff" opacity=".6"/>`
  + `<text x="${x}" y="${r1(y + r * 0.2)}" text-anchor="middle" font-size="${r1(r * 0.6)}" font-weight="800" fill="#222" font-family="system-ui,Arial,sans-serif">${n}</text>`;

const rooster = (x: number, flip: boolean, body: string) =>
  `<g transform="translate(${x} 112) scale(${flip ? -1 : 1} 1)">`
  + `<path d="M-46 10c-20-30-8-62 6-70 2 18 8 28 18 30-10-24 0-44 12-52 0 20 6 34 16 40z" fill="${body}" opacity=".85"/>`
  + `<path d="M-40 0c0-26 22-40 46-30 10-20 30-26 38-10 4 8-2 14-8 16-2 22-10 40-34 48-24 6-42-2-42-24z" fill="${body}"/>`
  + '<path d="M28-46c2-10 8-12 10-4 4-8 10-4 8 4 6-2 8 6 2 8z" fill="#e3262f"/>'
  + '<path d="M46-34l14 4-14 5z" fill="#f5b400"/><path d="M40-26c4 6 4 14-2 16-4-6-2-12 2-16z" fill="#e3262f"/>'
  + '<circle cx="36" cy="-38" r="3" fill="#fff"/><circle cx="37" cy="-38" r="1.5" fill="#000"/>'
  + '<path d="M-8 46v26M10 46v26M-8 72h-8M10 72h10" stroke="#f5b400" stroke-width="5" stroke-linecap="round"/></g>';

const SCENES: Record<string, Theme> = {
  egypt: { key: 'egypt', bg: ['#f7a541', '#7a2e0e'], scene: (v) => `<circle cx="${200 + (v[0] % 50)}" cy="64" r="34" fill="#ffe38a"/>`
    + '<path d="M10 196L106 66l96 130z" fill="#e0ac4c"/><path d="M106 66l96 130h-62z" fill="#a46a26"/>'
    + '<path d="M156 196l70-96 70 96z" fill="#eabb5e"/><path d="M226 100l70 96h-44z" fill="#b07a33"/><path d="M0 194h300v30H0z" fill="#c58b35"/>' },
  treasure: { key: 'treasure', bg: ['#7b2ff7', '#240a4f'], scene: (v) => sparks(v, 4, '#ffe38a')
    + '<g stroke="#8a5600" stroke-width="4" stroke-linejoin="round"><path d="M86 150l-12-78 44 38 32-58 32 58 44-38-12 78z" fill="#ffd24a"/><rect x="84" y="148" width="132" height="22" rx="6" fill="#ffc21a"/></g>'
    + '<circle cx="150" cy="159" r="7" fill="#e8344f"/><circle cx="116" cy="159" r="6" fill="#2fd59b"/><circle cx="184" cy="159" r="6" fill="#3fa2ff"/>'
    + '<circle cx="150" cy="52" r="6" fill="#ffe38a"/>' + coin(52, 176) + coin(248, 172) + coin(70, 140, 14) },
  gems: { key: 'gems', bg: ['#1fb8d6', '#0c1f5c'], scene: (v) => sparks(v, 5) + gem(150, 96, 52, '#36d6ff') + gem(66, 150, 28, ['#ff4f8b', '#b05cff', '#2fe39b'][v[0] % 3]) + gem(236, 146, 30, ['#ffcf3f', '#ff4f8b', '#b05cff'][v[1] % 3]) },
  fruits: { key: 'fruits', bg: ['#ff5f6d', '#7a0b3a'], scene: () => '<path d="M96 70c20-40 56-50 82-44M112 70c10 20 14 48 4 70M178 26c-6 30-26 60-54 76" fill="none" stroke="#3b7a1a" stroke-width="6" stroke-linecap="round"/>'
    + '<path d="M150 32c26-18 52-8 60 6-22 10-42 8-60-6z" fill="#3fb54a"/>'
    + '<circle cx="100" cy="150" r="34" fill="#d9142b"/><circle cx="88" cy="138" r="9" fill="#fff" opacity=".45"/>'
    + '<circle cx="172" cy="130" r="34" fill="#ef1d36"/><circle cx="160" cy="118" r="9" fill="#fff" opacity=".45"/>'
    + '<ellipse cx="246" cy="176" rx="34" ry="24" fill="#ffe14d" transform="rotate(-20 246 176)"/><ellipse cx="44" cy="70" rx="22" ry="22" fill="#ff9d2e"/>' },
  space: { key: 'space', bg: ['#3a1c92', '#05051c'], scene: (v) => sparks(v, 7)
    + `<circle cx="${110 + (v[2] % 40)}" cy="100" r="52" fill="#ff7a59"/><path d="M60 110c40 20 130 20 160-10" fill="none" stroke="#ffd36b" stroke-width="8" opacity=".9"/>`
    + '<circle cx="232" cy="52" r="18" fill="#7ad7ff"/><g transform="translate(244 150) rotate(40)"><path d="M0-34c12 10 14 30 10 48H-10c-4-18-2-38 10-48z" fill="#eef"/><circle cy="-8" r="6" fill="#3fa2ff"/><path d="M-10 14l-10 12h10zM10 14l10 12H10z" fill="#ff4f6d"/><path d="M-6 16h12l-6 20z" fill="#ffb020"/></g>' },
  fire: { key: 'fire', bg: ['#ff6a00', '#4a0508'], scene: (v) => `<path d="M40 200L110 96h80l70 104z" fill="#3b1a14"/><path d="M110 96h80l-12 20-14-8-12 22-12-20-14 10z" fill="#ff5a1f"/>`
    + `<path d="M150 96c-30-30-10-60 0-84 6 22 30 34 20 60 10-6 14-14 14-22 14 20 6 40-10 46z" fill="#ffb020"/><path d="M150 92c-12-16-4-30 2-42 4 14 16 20 8 34z" fill="#fff3a0"/>` + sparks(v, 3, '#ffd36b') },
  ocean: { key: 'ocean', bg: ['#21c7e8', '#06255c'], scene: (v) => bubbles(v) + fish(90, 90, 1.3, '#ffb020') + fish(210, 130, 1, '#ff5f8f', true) + fish(70, 170, 0.8, '#7dff9a')
    + '<path d="M240 210c-10-30 10-40 0-70M256 210c6-24-8-36 4-58" fill="none" stroke="#2fd57a" stroke-width="7" stroke-linecap="round"/>' },
  fiesta: { key: 'fiesta', bg: ['#ffb347', '#b3124e'], scene: () => '<path d="M0 24q150 40 300 0" fill="none" stroke="#fff" stroke-width="2"/>'
    + ['#ff3d6e', '#2fd59b', '#3fa2ff', '#ffd24a', '#b05cff'].map((c, i) => `<path d="M${14 + i * 58} ${30 + (i % 2) * 6}h40l-20 30z" fill="${c}"/>`).join('')
    + '<path d="M124 200v-96c0-22 32-22 32 0v96zM124 150h-20c-14 0-16-10-16-20v-20c0-12 16-12 16 0v16h20zM156 136h20v-26c0-12 16-12 16 0v26c0 14-8 20-20 20h-16z" fill="#2e9a44"/>'
    + '<path d="M60 172c0-20 60-20 60 0 0 8-60 8-60 0zM74 170c0-28 32-28 32 0z" fill="#f2c14e"/>' },
  magic: { key: 'magic', bg: ['#8e44ff', '#1a0840'], scene: (v) => sparks(v, 6, '#ffe38a')
    + '<path d="M150 20l44 130H100z" fill="#4b1fa8"/><path d="M110 130h86l6 20h-98z" fill="#ffd24a"/><ellipse cx="150" cy="154" rx="80" ry="16" fill="#3a1585"/>'
    + '<path d="M236 40a28 28 0 1 0 20 48 22 22 0 1 1-20-48z" fill="#ffe38a"/>' + spark(140, 80, 10, '#ffe38a') },
  ship: { key: 'ship', bg: ['#5bb8ff', '#0b2a5a'], scene: () => '<path d="M146 30v120" stroke="#5a3414" stroke-width="6"/><path d="M150 36c40 10 52 40 48 80h-48zM142 50c-30 10-42 34-40 66h40z" fill="#fdf6e3"/>'
    + '<path d="M146 24l30 8-30 8z" fill="#e3262f"/><path d="M60 150h180l-26 36H86z" fill="#7a4a22"/><path d="M70 160h160" stroke="#4a2a10" stroke-width="3"/>' + waves(184, '#1b6fd1') },
  orient: { key: 'orient', bg: ['#ff8a65', '#5a0f2e'], scene: (v) => '<circle cx="150" cy="92" r="60" fill="#ffd24a" opacity=".9"/>'
    + '<path d="M60 64q90-22 180 0v12H60z" fill="#c8102e"/><path d="M76 86h148v10H76zM96 76h12v124H96zM192 76h12v124h-12z" fill="#c8102e"/>'
    + Array.from({ length: 5 }, (_, i) => `<circle cx="${30 + (v[i] % 240)}" cy="${30 + (v[i + 5] % 160)}" r="6" fill="#ffc0d0"/>`).join('') },
  dragon: { key: 'dragon', bg: ['#e8344f', '#3a0412'], scene: (v) => `<circle cx="${70 + (v[0] % 30)}" cy="70" r="36" fill="#ffd24a"/>`
    + '<path d="M30 190c40-60 100 10 140-50s90-40 100-100" fill="none" stroke="#1f9e5a" stroke-width="24" stroke-linecap="round"/>'
    + '<path d="M30 190c40-60 100 10 140-50s90-40 100-100" fill="none" stroke="#ffd24a" stroke-width="6" stroke-dasharray="4 10"/>'
    + '<ellipse cx="264" cy="40" rx="26" ry="18" fill="#1f9e5a"/><circle cx="272" cy="34" r="5" fill="#ffd24a"/><path d="M286 48c10 6 12 20 4 30M240 30c-10-14-4-26 6-30" fill="none" stroke="#ffd24a" stroke-width="3"/>'
    + '<circle cx="226" cy="78" r="10" fill="#fff" opacity=".9"/>' },
  olympus: { key: 'olympus', bg: ['#5aa9ff', '#1c1f5e'], scene: () => '<path d="M60 70l90-40 90 40z" fill="#f3ead6"/><path d="M56 72h188v10H56z" fill="#e0d3b5"/>'
    + [76, 116, 164, 204].map((x) => `<rect x="${x}" y="84" width="20" height="104" fill="#f3ead6"/><path d="M${x + 6} 88v96M${x + 14} 88v96" stroke="#d6c8a6" stroke-width="2"/>`).join('')
    + '<path d="M50 188h200v12H50z" fill="#e0d3b5"/><path d="M252 20l-26 52h18l-14 44 38-60h-20l16-36z" fill="#ffe14d"/>' },
  jungle: { key: 'jungle', bg: ['#2fd57a', '#07361f'], scene: () => '<path d="M80 196h140v-24h-16v-24h-16v-24h-16v-20h-44v20h-16v24h-16v24H80z" fill="#a68a5b"/><rect x="138" y="112" width="24" height="16" fill="#5c4a2c"/>'
    + '<path d="M0 60c40-30 90-10 90 30-40 10-70 0-90-30zM300 40c-40-20-90 0-86 40 40 8 70-6 86-40zM0 200c30-50 80-50 90-20-30 30-60 30-90 20zM300 196c-30-50-80-46-86-16 30 26 60 28 86 16z" fill="#1f8f4a"/>' },
  savanna: { key: 'savanna', bg: ['#ffb347', '#8a2b06'], scene: () => '<circle cx="150" cy="120" r="64" fill="#ffe38a" opacity=".9"/><path d="M0 170q150-30 300 0v40H0z" fill="#6b3410"/>'
    + '<path d="M206 176l4-46-18-16 6-2 14 12 10-16 6 2-12 20-2 46z" fill="#3a1a08"/><path d="M150 112c10-18 40-22 60-18 20-6 54-2 66 14-20 10-50 8-64 6-22 6-48 6-62-2z" fill="#3a1a08"/>'
    + '<path d="M60 60l14 8 14-8M100 44l10 6 10-6" fill="none" stroke="#3a1a08" stroke-width="4" stroke-linecap="round"/>' },
  panda: { key: 'panda', bg: ['#7ddc6a', '#0d4a24'], scene: () => '<circle cx="104" cy="56" r="22" fill="#222"/><circle cx="196" cy="56" r="22" fill="#222"/><circle cx="150" cy="110" r="66" fill="#fff"/>'
    + '<ellipse cx="124" cy="104" rx="16" ry="20" fill="#222" transform="rotate(-25 124 104)"/><ellipse cx="176" cy="104" rx="16" ry="20" fill="#222" transform="rotate(25 176 104)"/>'
    + '<circle cx="126" cy="102" r="5" fill="#fff"/><circle cx="174" cy="102" r="5" fill="#fff"/><ellipse cx="150" cy="130" rx="10" ry="7" fill="#222"/><path d="M140 144q10 8 20 0" fill="none" stroke="#222" stroke-width="3"/>' },
  night: { key: 'night', bg: ['#3451a8', '#070b24'], scene: (v) => sparks(v, 5) + '<circle cx="200" cy="70" r="40" fill="#f4f1d0"/><circle cx="188" cy="60" r="8" fill="#dcd8b0"/>'
    + '<path d="M0 200l70-90 40 40 50-70 70 90 30-30 40 60z" fill="#16224f"/><path d="M160 80l18 24-10-4-8 10-8-10-10 4z" fill="#eef"/>' },
  frozen: { key: 'frozen', bg: ['#9be7ff', '#1b4a8a'], scene: (v) => [[150, 96, 52], [60, 60, 24], [244, 150, 30]].map(([x, y, s]) =>
    `<g stroke="#fff" stroke-width="${s > 40 ? 6 : 4}" stroke-linecap="round">${[0, 60, 120].map((a) => `<path d="M${x} ${y - s}V${y + s}M${x - s * 0.25} ${y - s * 0.7}L${x} ${y - s * 0.45}L${x + s * 0.25} ${y - s * 0.7}M${x - s * 0.25} ${y + s * 0.7}L${x} ${y + s * 0.45}L${x + s * 0.25} ${y + s * 0.7}" transform="rotate(${a} ${x} ${y})"/>`).join('')}</g>`).join('') + sparks(v, 3) },
  flower: { key: 'flower', bg: ['#ff7eb3', '#5a0f3e'], scene: (v) => [-60, -30, 0, 30, 60].map((a) => `<ellipse cx="150" cy="70" rx="20" ry="52" fill="${a ? '#ff9ec4' : '#ffc0d8'}" transform="rotate(${a} 150 120)"/>`).join('')
    + '<circle cx="150" cy="120" r="16" fill="#ffd24a"/><path d="M40 180q110-30 220 0" fill="none" stroke="#2fa35a" stroke-width="10"/>' + sparks(v, 3) },
  classic: { key: 'classic', bg: ['#ff3d6e', '#3d0a5c'], scene: (v) => sparks(v, 5, '#ffe38a')
    + '<text x="150" y="176" text-anchor="middle" font-family="Georgia,serif" font-size="170" font-weight="900" fill="#ffd24a" stroke="#8a1a00" stroke-width="6" paint-order="stroke">7</text>' },

  live: { key: 'live', bg: ['#1f8f57', '#08341f'], scene: (v) => '<ellipse cx="150" cy="40" rx="190" ry="140" fill="none" stroke="#ffd24a" stroke-width="3" opacity=".6"/><ellipse cx="150" cy="40" rx="150" ry="104" fill="none" stroke="#fff" stroke-width="2" opacity=".35"/>'
    + card(118, 110, -12, ['9', 'K', 'A', '8'][v[0] % 4], true) + card(176, 106, 10, ['8', 'Q', '9', '7'][v[1] % 4], false) + chips(52, 170, '#e8344f') + chips(250, 168, '#3f7dff') },
  fishing: { key: 'fishing', bg: ['#1fb8d6', '#041a48'], scene: (v) => bubbles(v) + fish(96, 112, 1.7, '#ffb020') + fish(220, 70, 1, '#ff5f8f', true) + fish(230, 160, 0.8, '#7dff9a', true)
    + '<path d="M20 40l50 30M280 20l-40 40" stroke="#fff" stroke-width="3" stroke-dasharray="4 8" opacity=".7"/><circle cx="70" cy="70" r="8" fill="none" stroke="#ff4f6d" stroke-width="3"/>' },
  shark: { key: 'shark', bg: ['#2a8fd8', '#061b3a'], scene: (v) => bubbles(v) + '<path d="M30 130c60-40 170-50 240 0-70 30-180 30-240 0z" fill="#8aa4b8"/><path d="M120 96l30-50 20 56z" fill="#8aa4b8"/><path d="M262 130l30-30v60z" fill="#8aa4b8"/>'
    + '<path d="M60 136c40 14 120 16 180 0" fill="#e6eef4"/><circle cx="74" cy="122" r="5" fill="#111"/><path d="M50 138l8 6 8-6 8 6 8-6" fill="none" stroke="#fff" stroke-width="2"/>' },
  kraken: { key: 'kraken', bg: ['#6a3fd8', '#100630'], scene: (v) => bubbles(v) + '<ellipse cx="150" cy="80" rx="50" ry="56" fill="#d0417a"/><circle cx="132" cy="84" r="10" fill="#fff"/><circle cx="168" cy="84" r="10" fill="#fff"/><circle cx="134" cy="86" r="5" fill="#111"/><circle cx="166" cy="86" r="5" fill="#111"/>'
    + [[-90, 40], [-50, 70], [50, 70], [90, 40]].map(([dx, dy]) => `<path d="M${150 + dx / 3} 124q${dx / 2} ${dy} ${dx} ${dy / 2}" fill="none" stroke="#d0417a" stroke-width="14" stroke-linecap="round"/>`).join('') },
  toad: { key: 'toad', bg: ['#1fb8a0', '#07303a'], scene: (v) => bubbles(v) + '<ellipse cx="150" cy="130" rx="78" ry="50" fill="#f2b705"/><circle cx="112" cy="84" r="22" fill="#f2b705"/><circle cx="188" cy="84" r="22" fill="#f2b705"/>'
    + '<circle cx="112" cy="82" r="11" fill="#fff"/><circle cx="188" cy="82" r="11" fill="#fff"/><circle cx="114" cy="84" r="6" fill="#111"/><circle cx="186" cy="84" r="6" fill="#111"/>'
    + '<path d="M104 128q46 26 92 0" fill="none" stroke="#8a5600" stroke-width="5" stroke-linecap="round"/><circle cx="120" cy="150" r="6" fill="#c98a00"/><circle cx="176" cy="156" r="7" fill="#c98a00"/>' + coin(150, 144, 16) },
  coral: { key: 'coral', bg: ['#ff8a7a', '#2a0b4a'], scene: (v) => bubbles(v) + fish(210, 70, 1, '#ffd24a', true)
    + '<path d="M70 200V130M70 150l-24-30M70 140l22-34M46 120l-10-22M92 106l8-22M150 200V110M150 130l-30-36M150 120l28-40M120 94l-12-24M178 80l10-26M230 200v-50M230 166l-20-22M230 160l18-26" fill="none" stroke="#ff5f6d" stroke-width="10" stroke-linecap="round"/>'
    + '<path d="M0 200q150-20 300 0v20H0z" fill="#f2c98a"/>' },
  mermaid: { key: 'mermaid', bg: ['#2fd5c8', '#0b2a6a'], scene: (v) => bubbles(v) + '<path d="M150 40c-40 40-40 90 0 130 20 20 10 30-20 30h80c-30 0-40-10-20-30 40-40 40-90 0-130" fill="none"/>'
    + '<path d="M120 60c-10 50 10 90 40 110-30 0-50 20-60 40 30-10 50-10 70 0-6-16-4-30 4-40 20-40 10-90-24-110z" fill="#2fbf9b"/><path d="M130 90c10 20 20 40 30 50M126 110c14 16 24 30 30 40" stroke="#1b8a70" stroke-width="3" fill="none"/>'
    + '<circle cx="242" cy="60" r="16" fill="#fff" opacity=".85"/><circle cx="236" cy="54" r="4" fill="#fff"/>' + fish(70, 110, 0.9, '#ff5f8f') },
  sports: { key: 'sports', bg: ['#3bbf5a', '#0b4a1e'], scene: () => [0, 1, 2, 3, 4].map((i) => `<rect x="${i * 60}" width="30" height="300" fill="#fff" opacity=".06"/>`).join('')
    + '<g fill="none" stroke="#fff" stroke-width="3" opacity=".75"><rect x="14" y="14" width="272" height="190"/><path d="M150 14v190"/><circle cx="150" cy="109" r="40"/><rect x="14" y="64" width="40" height="90"/><rect x="246" y="64" width="40" height="90"/></g>'
    + '<circle cx="150" cy="109" r="30" fill="#fff"/><path d="M150 92l13 9-5 15h-16l-5-15z" fill="#222"/><path d="M150 92v-13M163 101l12-4M158 116l8 11M142 116l-8 11M137 101l-12-4" stroke="#222" stroke-width="3"/>' },
  esports: { key: 'esports', bg: ['#ff2fa8', '#140a3a'], scene: () => '<g stroke="#3ff" stroke-width="2" opacity=".35">' + [0, 1, 2, 3, 4, 5].map((i) => `<path d="M${i * 60} 200L150 100M0 ${110 + i * 16}h300"/>`).join('') + '</g>'
    + '<path d="M80 70h140c30 0 44 60 30 80-10 14-28 8-40-8H110c-12 16-30 22-40 8-14-20 0-80 10-80z" fill="#1b1b2f" stroke="#3ff" stroke-width="4"/>'
    + '<path d="M106 98h28M120 84v28" stroke="#3ff" stroke-width="6" stroke-linecap="round"/><circle cx="186" cy="92" r="7" fill="#ff2fa8"/><circle cx="202" cy="108" r="7" fill="#ffd24a"/>' },
  crash: { key: 'crash', bg: ['#2b1a6e', '#05051c'], scene: (v) => sparks(v, 5) + '<path d="M20 200C120 196 190 160 250 60" fill="none" stroke="#2fe39b" stroke-width="6"/><path d="M20 200C120 196 190 160 250 60V200z" fill="#2fe39b" opacity=".15"/>'
    + '<g transform="translate(250 58) rotate(40)"><path d="M0-30c12 10 14 28 10 44H-10c-4-16-2-34 10-44z" fill="#eef"/><circle cy="-6" r="6" fill="#3fa2ff"/><path d="M-6 16h12l-6 20z" fill="#ffb020"/></g>' },
  dice: { key: 'dice', bg: ['#ff5f6d', '#3a0a2a'], scene: () => '<g transform="rotate(-14 100 110)"><rect x="50" y="60" width="100" height="100" rx="18" fill="#fff"/><g fill="#d3283f"><circle cx="75" cy="85" r="9"/><circle cx="100" cy="110" r="9"/><circle cx="125" cy="135" r="9"/></g></g>'
    + '<g transform="rotate(12 210 110)"><rect x="164" y="64" width="92" height="92" rx="16" fill="#fff"/><g fill="#222"><circle cx="186" cy="86" r="8"/><circle cx="234" cy="86" r="8"/><circle cx="186" cy="134" r="8"/><circle cx="234" cy="134" r="8"/></g></g>' },
  cards: { key: 'cards', bg: ['#3f7dff', '#0b1846'], scene: (v) => card(104, 110, -20, 'A', false) + card(150, 100, 0, ['K', 'Q', '9'][v[0] % 3], true) + card(196, 110, 20, ['9', '8', 'J'][v[1] % 3], false) },
  lottery: { key: 'lottery', bg: ['#ffcf3f', '#b33a00'], scene: (v) => ball(80, 100, 38, '#e8344f', 1 + (v[0] % 49)) + ball(158, 76, 42, '#3f7dff', 1 + (v[1] % 49)) + ball(226, 124, 36, '#2fbf71', 1 + (v[2] % 49)) + ball(140, 160, 30, '#b05cff', 1 + (v[3] % 49)) },
  keno: { key: 'keno', bg: ['#2fd5c8', '#07305a'], scene: (v) => Array.from({ length: 24 }, (_, i) => {
    const x = 40 + (i % 6) * 40;
    const y = 20 + Math.floor(i / 6) * 40;
    const hit = (v[i % 12] + i) % 4 === 0;
    return `<rect x="${x}" y="${y}" width="34" height="34" rx="8" fill="${hit ? '#ffd24a' : '#ffffff'}" opacity="${hit ? 1 : 0.25}"/>`;
  }).join('') + ball(244, 170, 30, '#e8344f', 1 + (v[3] % 80)) },
  cockfight: { key: 'cockfight', bg: ['#ffb347', '#6a0f0f'], scene: (v) => sparks(v, 3, '#fff3a0') + rooster(80, false, '#b3261e') + rooster(220, true, '#2b2b2b') + '<path d="M0 200h300" stroke="#5a2a0a" stroke-width="10"/>' },
};

/** Words (lower case) that name a theme; nouns first, then adjectives and places. */
const NOUNS: Record<string, string> = {
  dragon: 'dragon', tiger: 'savanna', lion: 'savanna', buffalo: 'savanna', eagle: 'savanna', jaguar: 'jungle', jungle: 'jungle', temple: 'jungle',
  phoenix: 'fire', volcano: 'fire', fortune: 'treasure', treasure: 'treasure', crown: 'treasure', king: 'treasure', queen: 'treasure',
  pharaoh: 'egypt', pyramid: 'egypt', panda: 'panda', wolf: 'night', thunder: 'night', viking: 'ship', pirate: 'ship',
  star: 'space', moon: 'space', sun: 'space', galaxy: 'space', rocket: 'space', diamond: 'gems', pearl: 'gems',
  fruit: 'fruits', cherry: 'fruits', bell: 'fruits', clover: 'fruits', mask: 'fiesta', mariachi: 'fiesta', cactus: 'fiesta',
  wizard: 'magic', witch: 'magic', samurai: 'orient', ninja: 'orient', koi: 'orient', lotus: 'flower', rose: 'flower', goddess: 'olympus',
};
const OTHERS: Record<string, string> = {
  egypt: 'egypt', olympus: 'olympus', aztecs: 'jungle', atlantis: 'ocean', orient: 'orient', north: 'night', fire: 'fire', gold: 'treasure',
  sea: 'ocean', mexico: 'fiesta', golden: 'treasure', lucky: 'fruits', wild: 'savanna', mighty: 'olympus', hidden: 'jungle', burning: 'fire',
  crystal: 'gems', mystic: 'magic', ancient: 'olympus', royal: 'treasure', silver: 'gems', magic: 'magic', sacred: 'olympus', frozen: 'frozen',
  neon: 'space', happy: 'fruits', red: 'fire', blue: 'ocean', jackpot: 'treasure',
};

/** The theme of a slot from its name: the first word that names one (nouns before adjectives and places). */
export function slotTheme(name: string): Theme {
  const words = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z]+/).filter(Boolean);
  const key = words.map((w) => NOUNS[w]).find(Boolean) ?? words.map((w) => OTHERS[w]).find(Boolean) ?? 'classic';
  return SCENES[key];
}

/** The theme of any game: slots by name, the other categories by kind (and name). */
export function themeOf(gameType: contract.GameType, name: string): Theme {
  const n = name.toLowerCase();
  switch (gameType) {
    case 'RNG': return slotTheme(name);
    // Tables differ by the felt: midnight blue, VIP red velvet, squeeze purple, else green.
    case 'LIVE': return /midnight/.test(n) ? { ...SCENES.live, bg: ['#2a4ab8', '#070b30'] }
      : /vip|royale|golden/.test(n) ? { ...SCENES.live, bg: ['#b3203f', '#3a0412'] }
      : /squeeze|punto/.test(n) ? { ...SCENES.live, bg: ['#7b3fd8', '#1c0a44'] } : SCENES.live;
    case 'FISH': return /shark/.test(n) ? SCENES.shark : /kraken|deep sea/.test(n) ? SCENES.kraken : /toad/.test(n) ? SCENES.toad
      : /coral|lobster/.test(n) ? SCENES.coral : /mermaid/.test(n) ? SCENES.mermaid : SCENES.fishing;
    case 'SPORTS': return SCENES.sports;
    case 'ESPORTS': return SCENES.esports;
    case 'PVP': return /dice|over under/.test(n) ? SCENES.dice : /bac|banco|card|banker|nine/.test(n) ? SCENES.cards : SCENES.crash;
    case 'LOTT': return SCENES.lottery;
    case 'ELOTT': return /keno|bingo|scratch/.test(n) ? SCENES.keno : SCENES.lottery;
    case 'COCKFIGHT': return SCENES.cockfight;
  }
}

