/**
 * Ocean Hunter: creatures swim across the sea; pick one (on the scene or in the list), set the
 * bet and shoot. A target worth m× is caught with probability RTP / m and pays m × bet; the
 * boss's multiplier is drawn from its range.
 */
import type { Round } from '../api';
import { amountField, field, playBtn } from '../controls';
import { fill, h, prefersReducedMotion, s, sleep } from '../dom';
import { money, percent, toDecimal } from '../format';
import { localName, t } from '../i18n';
import type { GameContext } from '../shell';
import { creature } from './fish-art';

export interface FishTarget { code: string; name: string; min: number; max: number }

/** The targets of session.info.targets (multiplier: a number, or {min, max} for the boss), cheapest first. */
export function fishTargets(info: Record<string, unknown>): FishTarget[] {
  const list = Array.isArray(info.targets) ? (info.targets as Array<Record<string, unknown>>) : [];
  return list.map((x) => {
    const m = x.multiplier as number | { min: number; max: number };
    const [min, max] = typeof m === 'number' ? [m, m] : [Number(m?.min), Number(m?.max)];
    return { code: String(x.code), name: localName(x.name, String(x.code)), min, max };
  }).sort((a, b) => a.min - b.min || a.max - b.max);
}

export const multLabel = (x: FishTarget) => (x.min === x.max ? `${x.min}×` : t('fish.boss', { min: x.min, max: x.max }));

/** Catch chance: RTP / m (for the boss, at its lowest and highest multiplier). */
export function catchChance(x: FishTarget, rtp: number): string {
  const pct = (m: number) => percent(rtp / m, m >= 100 ? 2 : 1);
  return x.min === x.max ? pct(x.min) : `${pct(x.max)}–${pct(x.min)}`;
}

export function fishInput(betMinor: bigint, target: string) {
  return { bet: toDecimal(betMinor), target };
}

interface Swimmer { x: FishTarget; g: SVGGElement; px: number; py: number; y0: number; speed: number; dir: 1 | -1; phase: number; frozen: boolean }

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  // A portrait sea on phones, a wide one on larger screens (the SVG keeps its aspect ratio).
  const narrow = window.innerWidth < 600;
  const W = narrow ? 420 : 800;
  const HT = narrow ? 600 : 470;
  const targets = fishTargets(session.info);
  let selected = targets[Math.min(2, targets.length - 1)]?.code ?? '';
  const bet = amountField(t('bet'), session.minBet, session.maxBet);

  const sea = s('g', {});
  const fx = s('g', {});
  const cannon = s('g', { class: 'dv-cannon', transform: `translate(${W / 2},${HT - 6})` },
    s('g', { class: 'dv-barrel' }, s('rect', { x: -9, y: -58, width: 18, height: 50, rx: 6, fill: '#ffd34d', stroke: '#8a5a00', 'stroke-width': 2 })),
    s('circle', { r: 26, fill: '#22344f', stroke: '#ffd34d', 'stroke-width': 3 }));
  const svg = s('svg', { viewBox: `0 0 ${W} ${HT}`, class: 'dv-sea', role: 'img', 'aria-label': session.gameName },
    s('defs', {},
      s('linearGradient', { id: 'dvSea', x1: 0, y1: 0, x2: 0, y2: 1 },
        s('stop', { offset: '0%', 'stop-color': '#1aa6d9' }), s('stop', { offset: '100%', 'stop-color': '#06294d' }))),
    s('rect', { width: W, height: HT, fill: 'url(#dvSea)' }),
    Array.from({ length: 5 }, (_, i) => s('path', { class: 'dv-ray', d: `M${120 + i * 150},0 L${70 + i * 150},${HT} L${110 + i * 150},${HT} Z`, fill: '#fff', opacity: 0.05 })),
    s('path', { d: `M0,${HT - 30} Q100,${HT - 60} 200,${HT - 34} T400,${HT - 30} T600,${HT - 40} T800,${HT - 28} V${HT} H0 Z`, fill: '#d9b36c', opacity: 0.55 }),
    [[60, 60], [130, 45], [690, 55], [740, 70]].map(([x, hgt]) => s('path', { class: 'dv-weed', d: `M${x},${HT} q-14,-${hgt / 2} 0,-${hgt} q14,-${hgt / 2} 0,-${hgt}`, stroke: '#2f9e44', 'stroke-width': 6, fill: 'none', 'stroke-linecap': 'round' })),
    sea, fx, cannon);

  const swimmers: Swimmer[] = targets.map((x, i) => {
    const g = s('g', { class: 'dv-swimmer', tabindex: 0, role: 'button', 'aria-label': `${x.name} ${multLabel(x)}` },
      s('circle', { class: 'dv-ring', r: 44 }),
      s('g', { class: 'dv-body' }, s('g', { transform: 'scale(0.8)' }, creature(x.code, i))),
      s('text', { class: 'dv-tag', y: 40, 'text-anchor': 'middle' }, multLabel(x)),
      s('text', { class: 'dv-tag dv-tag-name', y: 56, 'text-anchor': 'middle' }, x.name)) as SVGGElement;
    g.addEventListener('click', () => choose(x.code));
    g.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ') choose(x.code); });
    sea.append(g);
    const lane = 46 + ((HT - 150) / Math.max(1, targets.length - 1)) * i;
    return { x, g, px: ((i * 317) % (W - 160)) + 80, py: lane, y0: lane, speed: (narrow ? 16 : 26) + ((i * 7) % 5) * 8, dir: i % 2 ? -1 : 1, phase: i, frozen: false };
  });

  const list = h('div', { class: 'dv-targets', role: 'listbox', 'aria-label': t('fish.pick') });
  const chanceEl = h('p', { class: 'dv-muted' });
  function choose(code: string) {
    if (ctx.busy()) return;
    selected = code;
    paintSelection();
  }
  function paintSelection() {
    for (const sw of swimmers) sw.g.classList.toggle('selected', sw.x.code === selected);
    fill(list, targets.map((x) => h('button', {
      type: 'button', role: 'option', class: `dv-target${x.code === selected ? ' on' : ''}`, 'aria-selected': String(x.code === selected), onClick: () => choose(x.code),
    }, h('span', {}, x.name), h('strong', {}, multLabel(x)))));
    const x = targets.find((y) => y.code === selected);
    chanceEl.textContent = x ? t('fish.chance', { value: catchChance(x, session.rtp) }) : '';
  }

  const place = (sw: Swimmer) => sw.g.setAttribute('transform', `translate(${sw.px.toFixed(1)},${sw.py.toFixed(1)})`);
  const face = (sw: Swimmer) => (sw.g.querySelector('.dv-body') as SVGGElement).setAttribute('transform', sw.dir < 0 ? 'scale(-1,1)' : '');
  swimmers.forEach((sw) => { place(sw); face(sw); });
  if (!prefersReducedMotion()) {
    let last = performance.now();
    const loop = (now: number) => {
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      for (const sw of swimmers) {
        if (sw.frozen) continue;
        sw.px += sw.dir * sw.speed * dt;
        sw.phase += dt;
        sw.py = sw.y0 + Math.sin(sw.phase * 1.3) * 8;
        if (sw.px > W - 60 || sw.px < 60) { sw.dir = sw.px > W / 2 ? -1 : 1; face(sw); }
        place(sw);
      }
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  async function draw(round: Round) {
    const o = round.outcome as { target: string; multiplier: number; caught: boolean };
    const sw = swimmers.find((x) => x.x.code === o.target);
    const motion = !prefersReducedMotion();
    if (sw) {
      sw.frozen = true;
      const angle = (Math.atan2(sw.py - (HT - 6), sw.px - W / 2) * 180) / Math.PI + 90;
      (cannon.querySelector('.dv-barrel') as SVGGElement).setAttribute('transform', `rotate(${angle.toFixed(1)})`);
      const shot = s('line', { class: 'dv-shot', x1: W / 2, y1: HT - 30, x2: sw.px, y2: sw.py });
      fx.append(shot);
      if (motion) await sleep(350);
      shot.remove();
      const net = s('circle', { class: `dv-net ${o.caught ? 'hit' : 'miss'}`, cx: sw.px, cy: sw.py, r: 40 });
      const label = s('text', { class: `dv-float ${o.caught ? 'hit' : 'miss'}`, x: Math.min(W - 110, Math.max(110, sw.px)), y: Math.max(30, sw.py - 50), 'text-anchor': 'middle' },
        o.caught ? `+${money(round.payout)} (${o.multiplier}×)` : t('fish.escaped', { name: sw.x.name }));
      fx.append(net, label);
      sw.g.classList.add(o.caught ? 'caught' : 'escaped');
      if (!o.caught) { sw.dir = sw.dir > 0 ? -1 : 1; face(sw); }
      if (motion) await sleep(900);
      net.remove();
      setTimeout(() => label.remove(), 900);
      sw.g.classList.remove('caught', 'escaped');
      if (o.caught) sw.px = sw.dir > 0 ? 70 : W - 70;
      sw.frozen = false;
    }
    const name = sw?.x.name ?? o.target;
    ctx.result(o.caught ? 'win' : 'lose', o.caught
      ? `${t('fish.caught', { name, mult: `${o.multiplier}×` })} ${t('youWin', { amount: money(round.payout) })}`
      : t('fish.escaped', { name }));
  }

  const play = ctx.playButton(playBtn(t('fish.shoot'), () => {
    const b = bet.read();
    if (b === null || !selected) return;
    void ctx.play(fishInput(b, selected), draw);
  }));

  ctx.stage.append(h('div', { class: 'dv-fish' }, svg));
  ctx.controls.append(field(t('fish.pick'), list, chanceEl), bet.el, play);
  paintSelection();
}
