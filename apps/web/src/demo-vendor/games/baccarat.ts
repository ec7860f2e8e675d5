/**
 * Live baccarat: a timed table shared by every player. The page polls the table about every
 * second (phase, countdown corrected by the server's clock, road, my bets), places chips on
 * player / banker / tie during betting; the dealer (dealer.ts) calls the phases and deals the
 * cards of each new result from the shoe in the order and at the times of dealer-schedule.ts.
 */
import { DemoApiError, type Round, type TableState } from '../api';
import { field, limitsLine, playBtn } from '../controls';
import { fill, h, sleep } from '../dom';
import { decimalToMinor, money, toDecimal } from '../format';
import { t } from '../i18n';
import type { GameContext } from '../shell';
import { addChip, beadColumns, chipValues, clockOffset, phaseLeft, secondsLeft } from './table-clock';
import { createDealer } from './dealer';
import { dealFrom, dealSchedule, dealerMood, handPoints, nextPollDelay } from './dealer-schedule';

interface Card { rank: string; suit: string }
interface Coup { playerCards: Card[]; bankerCards: Card[]; playerTotal: number; bankerTotal: number; natural: boolean; winner: 'PLAYER' | 'BANKER' | 'TIE'; serverSeed?: string }

const SPOTS = ['player', 'tie', 'banker'] as const;
const SUIT: Record<string, [string, boolean]> = { S: ['♠', false], H: ['♥', true], D: ['♦', true], C: ['♣', false] };
const POLL_MS = 1000;

function cardEl(c: Card, hidden = false): HTMLElement {
  const [sym, red] = SUIT[c.suit] ?? ['?', false];
  return h('div', { class: `dv-card${red ? ' red' : ''}${hidden ? ' back' : ''}`, 'aria-label': `${c.rank}${sym}` },
    h('span', { class: 'dv-card-rank' }, c.rank), h('span', { class: 'dv-card-suit' }, sym));
}

export function mount(ctx: GameContext): void {
  const { session } = ctx;
  const perSpot = (session.info.perSpot ?? { minBet: session.minBet, maxBet: session.maxBet }) as { minBet: string; maxBet: string };
  const pays = (session.info.pays ?? {}) as Record<string, number>;
  const spotMax = decimalToMinor(perSpot.maxBet);
  const chips = chipValues(decimalToMinor(perSpot.minBet), spotMax);
  let chip = chips[0] ?? 100n;
  let pending: Record<string, bigint> = {};
  let state: TableState | null = null;
  let offset = 0;
  let opensAt = 0;
  let shownResult = '';
  const myRounds = new Set<string>();
  let dealing = false;
  const dealer = createDealer(t('bac.dealer'));

  const phaseEl = h('div', { class: 'dv-phase' });
  const countEl = h('div', { class: 'dv-count' });
  const ring = h('div', { class: 'dv-ring-bar' }, h('span', {}));
  const playerHand = h('div', { class: 'dv-hand' });
  const bankerHand = h('div', { class: 'dv-hand' });
  const playerTotal = h('span', { class: 'dv-total' });
  const bankerTotal = h('span', { class: 'dv-total' });
  const outcomeEl = h('div', { class: 'dv-bac-outcome' });
  const road = h('div', { class: 'dv-road' });
  const myBetsEl = h('div', { class: 'dv-mybets' });
  const spotEls = new Map<string, HTMLButtonElement>();
  const spotBet = new Map<string, HTMLElement>();
  for (const sp of SPOTS) {
    const amount = h('span', { class: 'dv-spot-bet' });
    spotBet.set(sp, amount);
    const odds = sp === 'banker' ? '0.95:1' : sp === 'tie' ? `${pays.tie ?? 8}:1` : `${pays.player ?? 1}:1`;
    spotEls.set(sp, h('button', { type: 'button', class: `dv-spot dv-spot-${sp}`, onClick: () => bet(sp) },
      h('strong', {}, t(`bac.${sp}`)), h('small', {}, t('bac.pays', { odds })), amount));
  }
  const chipRow = h('div', { class: 'dv-chips', role: 'group', 'aria-label': t('bac.chips') });
  const paintChips = () => fill(chipRow, chips.map((v, i) => h('button', {
    type: 'button', class: `dv-chip dv-chip-${i}${v === chip ? ' on' : ''}`, 'aria-pressed': String(v === chip),
    onClick: () => { chip = v; paintChips(); },
  }, money(v).replace(/\.00$/, ''))));

  const placeBtn = ctx.playButton(playBtn(t('bac.place'), () => void place()));
  const clearBtn = h('button', { type: 'button', class: 'dv-btn dv-btn-ghost', onClick: () => { pending = {}; paintBets(); } }, t('bac.clear'));

  function betting(): boolean {
    return !!state && state.phase === 'betting' && secondsLeft(state.closesAt, Date.now(), offset) > 0;
  }
  function bet(sp: string) {
    if (!betting() || hasPlaced() || ctx.busy()) return;
    pending = addChip(pending, sp, chip, spotMax);
    paintBets();
  }
  function hasPlaced(): boolean {
    return !!state && Object.keys(state.myBets).length > 0;
  }
  function paintBets() {
    const placed = state?.myBets ?? {};
    for (const sp of SPOTS) {
      const v = placed[sp] ? decimalToMinor(placed[sp]) : pending[sp] ?? 0n;
      const el = spotBet.get(sp)!;
      el.textContent = v > 0n ? money(v) : '';
      el.classList.toggle('placed', !!placed[sp]);
      spotEls.get(sp)!.disabled = !betting() || hasPlaced();
    }
    const total = Object.values(pending).reduce((a, b) => a + b, 0n);
    placeBtn.dataset.blocked = !betting() || hasPlaced() || total === 0n ? '1' : '';
    placeBtn.disabled = placeBtn.dataset.blocked === '1' || ctx.busy();
    clearBtn.disabled = hasPlaced() || total === 0n;
    const rows = Object.entries(placed).filter(([, v]) => decimalToMinor(v) > 0n);
    fill(myBetsEl, h('h3', {}, t('bac.myBets')), rows.length
      ? [h('ul', {}, rows.map(([k, v]) => h('li', {}, h('span', {}, t(`bac.${k as 'player'}`)), h('strong', {}, money(v))))), h('p', { class: 'dv-ok' }, t('bac.placed'))]
      : h('p', { class: 'dv-muted' }, t('bac.noBets')));
  }

  async function place() {
    const input: Record<string, string> = {};
    for (const [k, v] of Object.entries(pending)) if (v > 0n) input[k] = toDecimal(v);
    if (!Object.keys(input).length || !betting()) return;
    const round = await ctx.play(input, async (r: Round) => {
      myRounds.add(r.roundId);
    });
    if (round && state) {
      state = { ...state, myBets: input };
      pending = {};
      paintBets();
    }
  }

  /** "Player 6 · Banker 4": the points of the cards dealt so far, as the dealer calls them. */
  function dealtCall(): string {
    const pts = (hand: HTMLElement) => handPoints([...hand.querySelectorAll('.dv-card:not(.back) .dv-card-rank')].map((e) => e.textContent ?? ''));
    if (!playerHand.childElementCount) return t('bac.dealing');
    return `${t('bac.player')} ${pts(playerHand)} · ${t('bac.banker')} ${pts(bankerHand)}`;
  }

  function paintDealer() {
    const left = state ? secondsLeft(state.closesAt, Date.now(), offset) : 0;
    const mood = dealerMood({ phase: state?.phase ?? null, secondsLeft: left, dealing, showingResult: !!state && shownResult === state.roundId });
    const text = mood === 'waiting' ? t('bac.waiting') : mood === 'bets' ? t('bac.betting') : mood === 'lastBets' ? t('bac.lastBets')
      : mood === 'noMore' ? t('bac.noMoreBets') : mood === 'dealing' ? dealtCall() : outcomeEl.textContent ?? '';
    dealer.say(text, mood);
  }

  function paintClock() {
    paintDealer();
    if (!state) {
      phaseEl.textContent = t('bac.waiting');
      return;
    }
    const now = Date.now();
    if (betting()) {
      phaseEl.textContent = t('bac.betting');
      countEl.textContent = `${t('bac.closesIn')} ${secondsLeft(state.closesAt, now, offset)} s`;
      (ring.firstChild as HTMLElement).style.width = `${phaseLeft(opensAt, state.closesAt, now, offset) * 100}%`;
      ring.classList.toggle('low', secondsLeft(state.closesAt, now, offset) <= 5);
    } else {
      phaseEl.textContent = t('bac.dealing');
      countEl.textContent = `${t('bac.next')} ${secondsLeft(state.nextAt, now, offset)} s`;
      (ring.firstChild as HTMLElement).style.width = '0%';
    }
    paintBets();
  }

  function paintRoad(results: TableState['results']) {
    const cols = beadColumns(results.slice(0, 48));
    fill(road, cols.map((col) => h('div', { class: 'dv-road-col' }, col.map((r) => {
      const w = String((r.outcome as Partial<Coup>).winner ?? '');
      const letter = w === 'PLAYER' ? t('bac.player')[0] : w === 'BANKER' ? t('bac.banker')[0] : t('bac.tie')[0];
      return h('span', { class: `dv-bead dv-bead-${w.toLowerCase()}`, title: r.roundId }, letter);
    }))));
  }

  async function deal(result: TableState['results'][number]) {
    dealing = true;
    const c = result.outcome as unknown as Coup;
    fill(playerHand);
    fill(bankerHand);
    playerTotal.textContent = '';
    bankerTotal.textContent = '';
    outcomeEl.className = 'dv-bac-outcome';
    outcomeEl.textContent = '';
    // The deal of the round now on the table runs on the table's clock from its cut-off; an
    // older result (the page just opened) is on the table already.
    const elapsed = state && result.roundId === state.roundId ? Date.now() + offset - Date.parse(state.closesAt) : Infinity;
    const plan = dealFrom(dealSchedule(c.playerCards.length, c.bankerCards.length), elapsed);
    const place = (hand: 'player' | 'banker', index: number) => {
      const el = cardEl((hand === 'player' ? c.playerCards : c.bankerCards)[index]);
      (hand === 'player' ? playerHand : bankerHand).append(el);
      return el;
    };
    for (const st of plan.dealt) place(st.hand, st.index);
    const started = Date.now();
    for (const st of plan.pending) {
      await sleep(st.delay - (Date.now() - started));
      dealer.deal(place(st.hand, st.index));
      paintDealer();
    }
    await sleep(plan.resultDelay - (Date.now() - started));
    playerTotal.textContent = String(c.playerTotal);
    bankerTotal.textContent = String(c.bankerTotal);
    const side = c.winner === 'PLAYER' ? t('bac.player') : t('bac.banker');
    outcomeEl.className = `dv-bac-outcome dv-pop dv-out-${c.winner.toLowerCase()}`;
    outcomeEl.textContent = `${c.winner === 'TIE' ? t('bac.tieResult') : t('bac.wins', { side })}${c.natural ? ` · ${t('bac.natural')}` : ''}`;
    dealing = false;
    paintDealer();
    if (c.serverSeed) fill(ctx.fairnessExtra, h('h3', {}, t('bac.lastSeed', { id: result.roundId })), h('code', { class: 'dv-hash' }, c.serverSeed), h('p', { class: 'dv-note' }, t('verifyNote')));
    if (myRounds.has(result.roundId)) {
      myRounds.delete(result.roundId);
      const mine = (await ctx.refresh()).find((r) => r.roundId === result.roundId);
      if (mine) {
        ctx.payoutResult(mine.payout);
      }
    }
    dealing = false;
  }

  let stopped = false;
  async function poll() {
    if (stopped) return;
    const sent = Date.now();
    try {
      const next = await ctx.client.table();
      offset = clockOffset(next.serverTime, sent, Date.now());
      if (!state || next.roundId !== state.roundId) {
        pending = {};
        opensAt = state ? Date.parse(state.nextAt) : Date.parse(next.serverTime);
      }
      state = next;
      if (Object.keys(next.myBets).length) myRounds.add(next.roundId);
      ctx.setFairness({ ...ctx.fairness(), serverSeedHash: next.serverSeedHash, nonce: 0 });
      paintRoad(next.results);
      const latest = next.results[0];
      if (latest && latest.roundId !== shownResult && !dealing) {
        shownResult = latest.roundId;
        dealing = true;
        // A failed refresh after the deal must not stop the next deals.
        deal(latest).catch((e: unknown) => ctx.error(e)).finally(() => { dealing = false; });
      }
      paintClock();
    } catch (e) {
      ctx.error(e);
      // An ended session does not come back: stop asking.
      if (e instanceof DemoApiError && e.errorCode === 'demo.session.invalid') stopped = true;
    }
    const toCutoff = state && state.phase === 'betting' ? Date.parse(state.closesAt) - (Date.now() + offset) : 0;
    if (!stopped) setTimeout(() => void poll(), nextPollDelay(toCutoff, POLL_MS));
  }
  const tick = setInterval(paintClock, 250);
  window.addEventListener('pagehide', () => { stopped = true; clearInterval(tick); });

  ctx.stage.append(h('div', { class: 'dv-bac' },
    h('div', { class: 'dv-bac-top' }, phaseEl, countEl, ring),
    dealer.el,
    h('div', { class: 'dv-bac-hands' },
      h('div', { class: 'dv-bac-side dv-side-player' }, h('h3', {}, t('bac.player'), playerTotal), playerHand),
      h('div', { class: 'dv-bac-side dv-side-banker' }, h('h3', {}, t('bac.banker'), bankerTotal), bankerHand)),
    outcomeEl,
    h('div', { class: 'dv-spots' }, SPOTS.map((sp) => spotEls.get(sp)!)),
    h('div', { class: 'dv-road-box' }, h('h3', {}, t('bac.road')), road)));
  ctx.controls.append(
    field(t('bac.chips'), chipRow, limitsLine(perSpot.minBet, perSpot.maxBet)),
    myBetsEl,
    h('div', { class: 'dv-row' }, clearBtn, placeBtn));
  paintChips();
  paintBets();
  paintClock();
  void poll();
}
