/** The bet slip and "my bets" panels of the sportsbook page. */
import { h, fill } from '../dom';
import { clock, money, parseMinor } from '../format';
import type { Bet, Session } from './api';
import { st, type SbKey } from './i18n';
import { marketLabel, selectionLabel } from './labels';
import { hundredths, keyOf, type Slip } from './slip';

export interface SlipCtx {
  session: Session;
  slip: Slip;
  place(): Promise<void>;
  changed(): void;
  busy(): boolean;
}

const CHIPS = ['5', '10', '50', '100'];

/** The slip panel: its stake input lives across renders (typing is not interrupted by the board's polls). */
export function slipPanel(ctx: SlipCtx) {
  const { slip } = ctx;
  const stake = h('input', { class: 'dv-input dv-amount', inputmode: 'decimal', 'data-testid': 'sb-stake', value: slip.stake, 'aria-label': st('stake'),
    onInput: (e) => { slip.stake = (e.target as HTMLInputElement).value; render(); } });
  const accept = h('input', { type: 'checkbox', 'data-testid': 'sb-accept', onChange: (e) => { slip.accept = (e.target as HTMLInputElement).checked; } });
  const body = h('div', { class: 'sb-slip-body' });
  const summary = h('div', { class: 'sb-summary' });
  const msg = h('div', { class: 'sb-msg', role: 'status', 'aria-live': 'polite', 'data-testid': 'sb-slip-msg' });
  const placeBtn = h('button', { type: 'button', class: 'dv-btn dv-btn-play', 'data-testid': 'sb-place', onClick: () => void ctx.place() }, st('place'));
  const modeBtn = (mode: 'single' | 'parlay') => h('button', { type: 'button', class: 'dv-seg', 'data-testid': `sb-mode-${mode}`,
    onClick: () => { slip.mode = mode; ctx.changed(); } }, st(mode));
  const modes = { single: modeBtn('single'), parlay: modeBtn('parlay') };
  const count = h('span', { class: 'sb-count' });
  const stakeLabel = h('label', {});
  const el = h('section', { class: 'sb-panel sb-slip', id: 'sb-slip', 'data-testid': 'sb-slip' },
    h('div', { class: 'sb-panel-head' }, h('h2', {}, st('slip'), ' ', count),
      h('button', { type: 'button', class: 'dv-btn dv-btn-small dv-btn-ghost', onClick: () => { slip.clear(); ctx.changed(); } }, st('clear'))),
    h('div', { class: 'dv-segs' }, modes.single, modes.parlay),
    body,
    h('div', { class: 'dv-field' }, stakeLabel, h('div', { class: 'dv-amount-row' }, stake),
      h('div', { class: 'sb-chips' }, CHIPS.map((c) => h('button', { type: 'button', class: 'dv-btn dv-btn-small', onClick: () => {
        slip.stake = `${c}.00`;
        stake.value = slip.stake;
        render();
      } }, c)))),
    summary,
    h('label', { class: 'sb-accept' }, accept, ` ${st('accept')}`),
    placeBtn, msg);

  function render() {
    const n = slip.picks.length;
    const mode = slip.effectiveMode();
    count.textContent = n ? `(${n})` : '';
    modes.single.classList.toggle('on', mode === 'single');
    modes.parlay.classList.toggle('on', mode === 'parlay');
    modes.parlay.disabled = !slip.canParlay();
    stakeLabel.textContent = mode === 'single' && n > 1 ? st('stakeEach') : st('stake');
    fill(body, n === 0 ? h('p', { class: 'dv-muted' }, st('slipEmpty')) : slip.picks.map((p) => h('div', { class: 'sb-pick', 'data-testid': 'sb-pick', 'data-key': keyOf(p) },
      h('div', { class: 'sb-pick-main' },
        h('strong', {}, selectionLabel(p.market, p.selection, p.home, p.away)),
        h('span', { class: 'sb-pick-odds' }, p.was && p.was !== p.odds ? h('s', {}, p.was) : null, ' ', h('b', {}, p.odds ?? st('suspended')))),
      h('div', { class: 'dv-note' }, `${marketLabel(p.market, p.sport)} · ${p.home} – ${p.away}${p.live ? ` · ${st('liveTag')}` : ''}`),
      h('button', { type: 'button', class: 'sb-x', 'aria-label': st('remove'), onClick: () => { slip.remove(keyOf(p)); ctx.changed(); } }, '×'))));
    if (n >= 2 && !slip.canParlay() && slip.mode === 'parlay') msg.textContent = st('parlayNeeds');
    const minor = parseMinor(slip.stake) ?? 0n;
    const suspended = slip.picks.some((p) => p.odds === null);
    let oddsText = '—';
    let potential = 0n;
    if (!suspended && n > 0) {
      if (mode === 'parlay') {
        let num = minor;
        let den = 1n;
        let odds = 1;
        for (const p of slip.picks) {
          num *= BigInt(hundredths(p.odds!));
          den *= 100n;
          odds *= Number(p.odds);
        }
        potential = num / den;
        oddsText = odds.toFixed(2);
      } else {
        potential = slip.picks.reduce((a, p) => a + (minor * BigInt(hundredths(p.odds!))) / 100n, 0n);
        oddsText = n === 1 ? slip.picks[0].odds! : '—';
      }
    }
    fill(summary, h('div', {}, h('span', {}, st('totalOdds')), h('strong', { 'data-testid': 'sb-total-odds' }, oddsText)),
      h('div', {}, h('span', {}, st('potential')), h('strong', { 'data-testid': 'sb-potential' }, money(potential))),
      h('div', { class: 'dv-note' }, st('limits', { min: money(ctx.session.minStake), max: money(mode === 'parlay' ? ctx.session.parlayMaxStake : slip.picks.reduce((a, p) => (Number(p.max) < Number(a) ? p.max : a), slip.picks[0]?.max ?? ctx.session.parlayMaxStake)) })));
    placeBtn.textContent = mode === 'single' && n > 1 ? st('placeN', { n }) : st('place');
    placeBtn.disabled = ctx.busy() || n === 0 || suspended || minor <= 0n;
  }

  return {
    el, render,
    message(text: string, kind: 'ok' | 'error' | '' = '') {
      msg.className = `sb-msg${kind ? ` sb-msg-${kind}` : ''}`;
      msg.textContent = text;
    },
    receipt(bet: Bet) {
      msg.className = 'sb-msg sb-msg-ok';
      fill(msg, h('div', { 'data-testid': 'sb-receipt', 'data-bet': bet.betId }, h('strong', {}, st('receipt', { id: bet.receipt })),
        h('div', {}, `${st(bet.type === 'parlay' ? 'parlay' : 'single')} · ${money(bet.stake)} @ ${bet.odds} → ${money(bet.potential)}`)));
    },
  };
}

export interface BetsCtx {
  cashOut(bet: Bet, btn: HTMLButtonElement): Promise<void>;
}

const resultClass = (r: string | null) => (r === 'won' ? 'sb-won' : r === 'lost' ? 'sb-lost' : r ? 'sb-void' : '');

function betCard(ctx: BetsCtx, b: Bet): HTMLElement {
  const settled = !['open', 'pending'].includes(b.status);
  const cash = b.cashOut ? h('button', { type: 'button', class: 'dv-btn sb-cashout', 'data-testid': 'sb-cashout', 'data-amount': b.cashOut,
    onClick: (e) => void ctx.cashOut(b, e.currentTarget as HTMLButtonElement) }, st('cashOut', { amount: money(b.cashOut) })) : null;
  return h('article', { class: `sb-bet ${resultClass(settled ? b.status : null)}`, 'data-testid': 'sb-bet', 'data-bet': b.betId, 'data-status': b.status },
    h('div', { class: 'sb-bet-head' }, h('strong', {}, `${st(b.type === 'parlay' ? 'parlay' : 'single')} · ${b.receipt}`),
      h('span', { class: `sb-badge sb-badge-${b.status}` }, st(`st.${b.status}` as SbKey))),
    b.legs.map((l) => h('div', { class: `sb-leg ${resultClass(l.result)}` },
      h('div', {}, h('strong', {}, selectionLabel(l.market, l.selection, l.home, l.away)), ` @ ${l.odds}`, l.live ? h('small', {}, ` · ${st('liveTag')}`) : null),
      h('div', { class: 'dv-note' }, `${marketLabel(l.market, l.sport)} · ${l.home} – ${l.away}${l.score ? ` (${l.score})` : ''}${l.result ? ` · ${st(`st.${l.result}` as SbKey)}` : ''}`))),
    h('div', { class: 'sb-bet-foot' },
      h('span', {}, `${st('stake')} ${money(b.stake)} · ${b.odds}`),
      settled ? h('strong', { 'data-testid': 'sb-payout' }, `${st('paid')} ${money(b.payout)}`) : h('span', {}, `${st('potential')} ${money(b.potential)}`)),
    h('div', { class: 'dv-note' }, clock(b.settledAt ?? b.placedAt)),
    cash);
}

export function betsPanel(ctx: BetsCtx) {
  let tab: 'open' | 'settled' = 'open';
  let last: { open: Bet[]; settled: Bet[] } = { open: [], settled: [] };
  const list = h('div', { class: 'sb-bets-list' });
  const tabBtn = (k: 'open' | 'settled') => h('button', { type: 'button', class: 'dv-seg', 'data-testid': `sb-tab-${k}`, onClick: () => { tab = k; render(last); } });
  const tabs = { open: tabBtn('open'), settled: tabBtn('settled') };
  const el = h('section', { class: 'sb-panel sb-bets', 'data-testid': 'sb-bets' }, h('h2', {}, st('myBets')), h('div', { class: 'dv-segs' }, tabs.open, tabs.settled), list);
  function render(b: { open: Bet[]; settled: Bet[] }) {
    last = b;
    tabs.open.textContent = `${st('open')} (${b.open.length})`;
    tabs.settled.textContent = st('settledTab');
    tabs.open.classList.toggle('on', tab === 'open');
    tabs.settled.classList.toggle('on', tab === 'settled');
    const shown = tab === 'open' ? b.open : b.settled;
    fill(list, shown.length ? shown.map((x) => betCard(ctx, x)) : h('p', { class: 'dv-muted' }, st('noBets')));
  }
  return { el, render };
}
