/** The slot's symbols, drawn in SVG (viewBox 0 0 100 100). */
import { s } from '../dom';

type Art = () => SVGElement[];

const letter = (ch: string, fill: string, stroke: string): Art => () => [
  s('text', { x: 50, y: 72, 'text-anchor': 'middle', 'font-size': 62, 'font-weight': 900, 'font-family': 'Georgia, serif', fill, stroke, 'stroke-width': 3, 'paint-order': 'stroke' }, ch),
];

const ART: Record<string, Art> = {
  WILD: () => [
    s('path', { d: 'M50 6 L62 36 L95 38 L69 58 L78 92 L50 73 L22 92 L31 58 L5 38 L38 36 Z', fill: '#ffcf3f', stroke: '#b7791f', 'stroke-width': 3 }),
    s('text', { x: 50, y: 60, 'text-anchor': 'middle', 'font-size': 19, 'font-weight': 900, 'font-family': 'system-ui, sans-serif', fill: '#7a2d00' }, 'WILD'),
  ],
  SCATTER: () => [
    s('path', { d: 'M50 8 L86 38 L50 94 L14 38 Z', fill: '#b06cff', stroke: '#5b21b6', 'stroke-width': 3 }),
    s('path', { d: 'M14 38 L86 38 M50 8 L36 38 L50 94 L64 38 Z', fill: 'none', stroke: '#ecdcff', 'stroke-width': 2, opacity: 0.8 }),
    s('text', { x: 50, y: 70, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 800, 'font-family': 'system-ui, sans-serif', fill: '#fff' }, 'SCATTER'),
  ],
  SEVEN: () => [
    s('path', { d: 'M22 18 H80 L48 90 H30 L58 34 H22 Z', fill: '#ff3b4e', stroke: '#7f1020', 'stroke-width': 4, 'stroke-linejoin': 'round' }),
  ],
  BAR: () => [
    s('rect', { x: 10, y: 32, width: 80, height: 36, rx: 6, fill: '#1d2433', stroke: '#c9d3e6', 'stroke-width': 3 }),
    s('text', { x: 50, y: 59, 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 900, 'font-family': 'system-ui, sans-serif', fill: '#f5f7fb' }, 'BAR'),
  ],
  BELL: () => [
    s('path', { d: 'M50 14 C30 14 26 36 26 52 C26 64 18 70 14 76 H86 C82 70 74 64 74 52 C74 36 70 14 50 14 Z', fill: '#ffc83d', stroke: '#a86a00', 'stroke-width': 3 }),
    s('circle', { cx: 50, cy: 84, r: 8, fill: '#a86a00' }),
    s('circle', { cx: 50, cy: 12, r: 5, fill: '#a86a00' }),
  ],
  MELON: () => [
    s('path', { d: 'M10 40 A40 40 0 0 0 90 40 Z', fill: '#2fbf55', stroke: '#146c2e', 'stroke-width': 3 }),
    s('path', { d: 'M18 40 A32 32 0 0 0 82 40 Z', fill: '#ff5467' }),
    [30, 50, 70].map((x, i) => s('ellipse', { cx: x, cy: 52 + (i === 1 ? 8 : 0), rx: 3, ry: 5, fill: '#2b1a1a' })),
  ].flat(),
  GRAPE: () => [
    s('path', { d: 'M50 10 C52 18 58 20 64 18', stroke: '#3f7d20', 'stroke-width': 4, fill: 'none' }),
    ...[[38, 30], [62, 30], [50, 30], [32, 48], [50, 48], [68, 48], [41, 65], [59, 65], [50, 82]].map(([x, y]) =>
      s('circle', { cx: x, cy: y, r: 11, fill: '#8b4fd6', stroke: '#4c1d95', 'stroke-width': 2 })),
  ],
  CHERRY: () => [
    s('path', { d: 'M32 66 C38 40 52 22 70 12 M68 62 C66 40 68 26 70 12', stroke: '#3f7d20', 'stroke-width': 4, fill: 'none' }),
    s('circle', { cx: 30, cy: 70, r: 16, fill: '#e11d48', stroke: '#7f1020', 'stroke-width': 2 }),
    s('circle', { cx: 68, cy: 68, r: 16, fill: '#e11d48', stroke: '#7f1020', 'stroke-width': 2 }),
    s('circle', { cx: 25, cy: 64, r: 4, fill: '#ffd1dc' }),
  ],
  A: letter('A', '#ff8a3d', '#7c2d12'),
  K: letter('K', '#38bdf8', '#0c4a6e'),
  Q: letter('Q', '#f472b6', '#831843'),
  J: letter('J', '#4ade80', '#14532d'),
};

export function symbolSvg(code: string): SVGElement {
  return s('svg', { viewBox: '0 0 100 100', class: 'dv-sym', role: 'img', 'aria-label': code }, ...(ART[code] ?? letter('?', '#fff', '#000'))());
}

export const SYMBOL_CODES = Object.keys(ART);
