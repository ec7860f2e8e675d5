/** Ocean Hunter's creatures, drawn in SVG around (0, 0), facing right. */
import { s } from '../dom';

const PALETTE: Record<string, [string, string]> = {
  CLOWNFISH: ['#ff7a1a', '#ffffff'],
  PUFFER: ['#f6d365', '#c28f1e'],
  TURTLE: ['#3fa34d', '#8bd17c'],
  LIONFISH: ['#e2524a', '#ffe3d6'],
  OCTOPUS: ['#c05ad8', '#f0b4ff'],
  STINGRAY: ['#5b7fa6', '#a9c4e2'],
  SHARK: ['#7d8ea3', '#e6edf5'],
  WHALE: ['#2e5f9e', '#b8d4f5'],
  DRAGON_BOSS: ['#d4302b', '#ffcf3f'],
};

const eye = (x: number, y: number, r = 3) => [s('circle', { cx: x, cy: y, r: r + 1.5, fill: '#fff' }), s('circle', { cx: x + 0.8, cy: y, r, fill: '#111' })];

function basicFish(code: string, len: number): SVGElement[] {
  const [body, accent] = PALETTE[code] ?? ['#4dabf7', '#d0ebff'];
  const hgt = len * 0.55;
  return [
    s('path', { d: `M${-len * 0.45},0 L${-len * 0.75},${-hgt * 0.45} L${-len * 0.7},${hgt * 0.45} Z`, fill: body, stroke: '#0003' }),
    s('ellipse', { cx: 0, cy: 0, rx: len * 0.5, ry: hgt / 2, fill: body, stroke: '#0004', 'stroke-width': 1.5 }),
    code === 'CLOWNFISH' ? [s('rect', { x: -len * 0.12, y: -hgt / 2, width: len * 0.1, height: hgt, fill: accent }), s('rect', { x: len * 0.18, y: -hgt * 0.45, width: len * 0.08, height: hgt * 0.9, fill: accent })] : null,
    code === 'LIONFISH' ? Array.from({ length: 6 }, (_, i) => s('path', { d: `M${-len * 0.3 + i * len * 0.12},${-hgt * 0.4} l${len * 0.05},${-hgt * 0.6}`, stroke: accent, 'stroke-width': 2 })) : null,
    code === 'PUFFER' ? Array.from({ length: 10 }, (_, i) => {
      const a = (i / 10) * Math.PI * 2;
      return s('path', { d: `M${Math.cos(a) * len * 0.48},${Math.sin(a) * hgt * 0.5} l${Math.cos(a) * 6},${Math.sin(a) * 6}`, stroke: accent, 'stroke-width': 2 });
    }) : null,
    code === 'SHARK' ? [s('path', { d: `M${-len * 0.05},${-hgt * 0.45} L${len * 0.08},${-hgt * 1.1} L${len * 0.2},${-hgt * 0.4} Z`, fill: body }), s('ellipse', { cx: len * 0.05, cy: hgt * 0.18, rx: len * 0.38, ry: hgt * 0.22, fill: accent })] : null,
    code === 'WHALE' ? [s('ellipse', { cx: len * 0.05, cy: hgt * 0.2, rx: len * 0.4, ry: hgt * 0.2, fill: accent }), s('path', { d: `M${len * 0.1},${-hgt / 2} q0,-14 -6,-20 M${len * 0.1},${-hgt / 2} q0,-14 6,-20`, stroke: '#bfe3ff', 'stroke-width': 3, fill: 'none' })] : null,
    ...eye(len * 0.3, -hgt * 0.12, Math.max(2.5, len * 0.04)),
  ].flat().filter(Boolean) as SVGElement[];
}

function turtle(): SVGElement[] {
  const [body, accent] = PALETTE.TURTLE;
  return [
    ...[[-18, -16], [14, -18], [-18, 16], [14, 18]].map(([x, y]) => s('ellipse', { cx: x, cy: y, rx: 10, ry: 5, fill: accent, transform: `rotate(${y < 0 ? -30 : 30} ${x} ${y})` })),
    s('ellipse', { cx: 30, cy: 0, rx: 10, ry: 8, fill: accent }),
    s('ellipse', { cx: 0, cy: 0, rx: 28, ry: 20, fill: body, stroke: '#1d5e27', 'stroke-width': 2 }),
    s('path', { d: 'M-14,-10 L0,-16 L14,-10 L14,10 L0,16 L-14,10 Z', fill: 'none', stroke: '#1d5e27', 'stroke-width': 2 }),
    ...eye(34, -2, 2),
  ];
}

function octopus(): SVGElement[] {
  const [body, accent] = PALETTE.OCTOPUS;
  return [
    ...Array.from({ length: 6 }, (_, i) => s('path', { d: `M${-18 + i * 7},10 q${-6 + i * 2},18 ${-2 + i * 2},30`, stroke: body, 'stroke-width': 6, fill: 'none', 'stroke-linecap': 'round' })),
    s('ellipse', { cx: 0, cy: -4, rx: 24, ry: 22, fill: body, stroke: '#0003' }),
    s('circle', { cx: -8, cy: -12, r: 4, fill: accent, opacity: 0.6 }),
    ...eye(-8, 2, 3), ...eye(8, 2, 3),
  ];
}

function stingray(): SVGElement[] {
  const [body, accent] = PALETTE.STINGRAY;
  return [
    s('path', { d: 'M-30,0 L-80,6', stroke: body, 'stroke-width': 3 }),
    s('path', { d: 'M36,0 C20,-10 0,-38 -30,-30 C-20,-12 -28,0 -30,0 C-28,0 -20,12 -30,30 C0,38 20,10 36,0 Z', fill: body, stroke: '#0003' }),
    s('ellipse', { cx: 4, cy: 0, rx: 12, ry: 6, fill: accent, opacity: 0.5 }),
    ...eye(20, -6, 2.5), ...eye(20, 6, 2.5),
  ];
}

function dragon(): SVGElement[] {
  const [body, accent] = PALETTE.DRAGON_BOSS;
  return [
    s('path', { d: 'M-90,10 C-70,-20 -50,30 -30,0 C-10,-30 10,20 30,-4', stroke: body, 'stroke-width': 22, fill: 'none', 'stroke-linecap': 'round' }),
    s('path', { d: 'M-90,10 C-70,-20 -50,30 -30,0 C-10,-30 10,20 30,-4', stroke: accent, 'stroke-width': 4, fill: 'none', 'stroke-dasharray': '4 10' }),
    s('path', { d: 'M20,-14 L56,-8 L64,2 L52,8 L22,10 Z', fill: body, stroke: '#7a0c0c', 'stroke-width': 2 }),
    s('path', { d: 'M28,-14 L20,-34 L38,-16 M40,-12 L40,-32 L48,-12', fill: accent, stroke: accent, 'stroke-width': 3 }),
    s('path', { d: 'M-40,-8 L-52,-34 L-28,-12 M-60,2 L-78,-20 L-52,0', fill: accent }),
    ...eye(44, -4, 3),
  ];
}

/** The creature of a target code, sized by its rank among the targets (0 = smallest). */
export function creature(code: string, rank: number): SVGElement {
  const parts = code === 'TURTLE' ? turtle() : code === 'OCTOPUS' ? octopus() : code === 'STINGRAY' ? stingray() : code === 'DRAGON_BOSS' ? dragon() : basicFish(code, 40 + rank * 12);
  return s('g', { class: 'dv-creature' }, ...parts);
}
