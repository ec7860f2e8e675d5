/** The sportsbook's board: the match list (live, upcoming, results) and a match's page with every market. */
import { sha256Hex } from '@lobby/contract/fairness';
import { h, s, type Child } from '../dom';
import { clock } from '../format';
import type { Match } from './api';
import { st } from './i18n';
import { clockLabel, isRace, marketLabel, progress, scoreText, shortLabel } from './labels';
import { keyOf } from './slip';

export interface BoardCtx {
  now(): number;
  /** Whether the slip holds this selection. */
  picked(key: string): boolean;
  pick(m: Match, market: string, selection: string): void;
  open(matchId: string | null): void;
  /** The odds this selection showed at the last render (for the up/down flash). */
  lastOdds: Map<string, string | null>;
}

/** Small sport marks drawn in SVG (no emoji font needed). */
const ICON_PATHS: Record<Match['sport'], string> = {
  football: 'M12 7l4 3-1.5 4.5h-5L8 10z M12 2v5 M16 10l5-1 M14.5 14.5l3 4 M9.5 14.5l-3 4 M8 10L3 9',
  basketball: 'M2 12h20 M12 2v20 M5 5c4 4 4 10 0 14 M19 5c-4 4-4 10 0 14',
  tennis: 'M5 5c4 4 4 10 0 14 M19 5c-4 4-4 10 0 14',
  cs2: 'M12 5v4 M12 15v4 M5 12h4 M15 12h4 M12 11v2',
  dota2: 'M6 6l12 12 M6 18L18 6 M8 4h-4v4 M16 20h4v-4',
  lol: 'M12 4l6 8-6 8-6-8z M12 9v6',
};
const sportIcon = (sport: Match['sport']) => s('svg', { class: `sb-icon sb-icon-${sport}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', width: 16, height: 16 },
  s('circle', { cx: 12, cy: 12, r: 10, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6 }),
  s('path', { d: ICON_PATHS[sport], fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));

function priceButton(ctx: BoardCtx, m: Match, market: string, sel: { selection: string; odds: string | null }, label = true): HTMLElement {
  const key = keyOf({ matchId: m.id, market, selection: sel.selection });
  const before = ctx.lastOdds.get(key);
  ctx.lastOdds.set(key, sel.odds);
  const move = before && sel.odds && before !== sel.odds ? (Number(sel.odds) > Number(before) ? 'up' : 'down') : '';
  const open = m.phase === 'pre' || m.phase === 'live';
  return h('button', {
    type: 'button', class: `sb-price${ctx.picked(key) ? ' on' : ''}${move ? ` sb-${move}` : ''}`,
    'data-testid': 'sb-price', 'data-key': key, 'data-odds': sel.odds ?? '', 'aria-pressed': ctx.picked(key) ? 'true' : 'false',
    disabled: !open || sel.odds === null, title: sel.odds === null ? st('suspended') : null,
    onClick: () => ctx.pick(m, market, sel.selection),
  }, label ? h('span', { class: 'sb-price-label' }, shortLabel(market, sel.selection)) : null,
  h('strong', { class: 'sb-odds' }, sel.odds ?? '—', move === 'up' ? ' ▲' : move === 'down' ? ' ▼' : ''));
}

function teams(m: Match, big = false): HTMLElement {
  const score = m.score && m.phase !== 'pre';
  return h('div', { class: `sb-teams${big ? ' sb-teams-big' : ''}` },
    h('div', { class: 'sb-team' }, h('span', { class: 'sb-team-name' }, m.home), score ? h('strong', { class: 'sb-sc' }, m.score!.home) : null),
    h('div', { class: 'sb-team' }, h('span', { class: 'sb-team-name' }, m.away), score ? h('strong', { class: 'sb-sc' }, m.score!.away) : null));
}

function matchRow(ctx: BoardCtx, m: Match): HTMLElement {
  const main = m.markets[0];
  const live = m.phase === 'live';
  return h('article', { class: `sb-match sb-${m.phase}`, 'data-testid': 'sb-match', 'data-match': m.id, 'data-phase': m.phase, 'data-sport': m.sport, 'data-tick': m.tick },
    h('button', { type: 'button', class: 'sb-match-head', onClick: () => ctx.open(m.id) },
      h('div', { class: 'sb-meta' },
        h('span', { class: 'sb-league' }, sportIcon(m.sport), m.leagueName),
        h('span', { class: live ? 'sb-clock sb-clock-live' : 'sb-clock' }, live ? h('i', { class: 'sb-dot' }) : null, clockLabel(m, ctx.now()),
          isRace(m.sport) && live && m.score ? ` · ${m.score.unitHome}-${m.score.unitAway}` : '')),
      teams(m)),
    h('div', { class: `sb-prices sb-prices-${main.selections.length}` }, main.selections.map((s) => priceButton(ctx, m, main.id, s))),
    h('button', { type: 'button', class: 'sb-more', onClick: () => ctx.open(m.id) }, st('more', { n: m.markets.length - 1 })));
}

export function matchList(ctx: BoardCtx, matches: Match[], filter: string): HTMLElement {
  const shown = matches.filter((m) => filter === 'all' || (filter === 'live' ? m.phase === 'live' : m.league === filter));
  const groups: [string, Match[]][] = [
    [st('live'), shown.filter((m) => m.phase === 'live')],
    [st('upcoming'), shown.filter((m) => m.phase === 'pre')],
    [st('results'), shown.filter((m) => m.phase === 'ended' || m.phase === 'settled').reverse().slice(0, 8)],
  ];
  const out: Child[] = groups.filter(([, list]) => list.length > 0).map(([title, list]) =>
    h('section', { class: 'sb-group' }, h('h2', { class: 'sb-group-title' }, title, h('small', {}, ` ${list.length}`)), list.map((m) => matchRow(ctx, m))));
  return h('div', { class: 'sb-list', 'data-testid': 'sb-list' }, out.length ? out : h('p', { class: 'dv-muted' }, st('noMatches')));
}

function fairness(m: Match): HTMLElement {
  const res = h('p', { class: 'dv-note', role: 'status' });
  return h('section', { class: 'sb-fair' },
    h('h3', {}, st('rules')),
    h('div', { class: 'dv-note' }, st('seedHash')), h('code', { class: 'dv-hash', 'data-testid': 'sb-seed-hash' }, m.serverSeedHash),
    m.serverSeed ? [
      h('div', { class: 'dv-note' }, st('seed')), h('code', { class: 'dv-hash', 'data-testid': 'sb-seed' }, m.serverSeed),
      h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: () => {
        res.textContent = sha256Hex(m.serverSeed!) === m.serverSeedHash ? st('hashOk') : st('hashBad');
      } }, st('verify')), res,
    ] : null,
    h('p', { class: 'dv-note' }, st('seedNote')));
}

/** A team's strength (-100 … 100) as one to five stars. */
export function stars(rating: number): string {
  const n = Math.min(5, Math.max(1, Math.round(((rating + 100) / 200) * 4) + 1));
  return '★'.repeat(n) + '☆'.repeat(5 - n);
}

export function matchPage(ctx: BoardCtx, m: Match): HTMLElement {
  const live = m.phase === 'live';
  const units = m.score && isRace(m.sport) ? [...m.score.units, ...(live ? [[m.score.unitHome, m.score.unitAway] as [number, number]] : [])] : [];
  return h('div', { class: 'sb-matchpage', 'data-testid': 'sb-matchpage', 'data-match': m.id, 'data-phase': m.phase },
    h('button', { type: 'button', class: 'dv-btn dv-btn-small sb-back', onClick: () => ctx.open(null) }, `‹ ${st('back')}`),
    h('section', { class: `sb-scorecard sb-${m.phase}` },
      h('div', { class: 'sb-meta' }, h('span', { class: 'sb-league' }, sportIcon(m.sport), m.leagueName), h('span', {}, m.phase === 'pre' ? clock(m.kickoffAt) : '')),
      h('div', { class: 'sb-vs' },
        h('div', { class: 'sb-side-name' }, h('strong', {}, m.home), h('small', { class: 'sb-stars', dir: 'ltr' }, stars(m.homeRating))),
        h('div', { class: 'sb-bigscore', 'data-testid': 'sb-score' }, m.phase === 'pre' ? 'vs' : scoreText(m)),
        h('div', { class: 'sb-side-name' }, h('strong', {}, m.away), h('small', { class: 'sb-stars', dir: 'ltr' }, stars(m.awayRating)))),
      h('div', { class: `sb-clock${live ? ' sb-clock-live' : ''}`, 'data-testid': 'sb-clock' }, live ? h('i', { class: 'sb-dot' }) : null, clockLabel(m, ctx.now())),
      h('div', { class: 'dv-ring-bar sb-progress' }, h('span', { style: `width:${Math.round(progress(m) * 100)}%` })),
      units.length ? h('div', { class: 'sb-units' }, units.map(([a, b], i) => h('span', { class: 'sb-unit' }, h('small', {}, st(m.sport === 'tennis' ? 'set' : 'map', { n: i + 1 })), ` ${a}-${b}`))) : null),
    h('div', { class: 'sb-markets' }, m.markets.map((mk) => h('section', { class: 'sb-market', 'data-market': mk.id },
      h('h3', {}, marketLabel(mk.id, m.sport), live && !mk.inPlay ? h('small', {}, ` · ${st('preOnly')}`) : null),
      h('div', { class: `sb-prices sb-prices-${mk.selections.length}` }, mk.selections.map((s) => priceButton(ctx, m, mk.id, s)))))),
    fairness(m));
}
