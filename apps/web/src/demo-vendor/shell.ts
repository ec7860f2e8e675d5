/**
 * The frame every game screen shares: header (name, balance, play-money ribbon, close), the
 * stage and controls the game fills, the result line, the error banner, and the history and
 * fairness panels. `ctx.play` runs one round: it refuses a second one while the first is in
 * flight (a double click places one round), and updates balance, fairness and history after the
 * game has drawn the outcome.
 */
import { DemoApiError, type DemoClient, type Fairness, type Round, type Session } from './api';
import { fill, h } from './dom';
import { decimalToMinor, money, percent, toDecimal } from './format';
import { t } from './i18n';
import { fairnessPanel } from './fairness';
import { historyPanel } from './history';

export interface GameContext {
  session: Session;
  client: DemoClient;
  stage: HTMLElement;
  controls: HTMLElement;
  /** Plays a round; `draw` animates the answer before the balance and history move. Null when refused or failed. */
  play(input: Record<string, unknown>, draw: (round: Round) => Promise<void>): Promise<Round | null>;
  /** Registers a button that is disabled while a round is in flight. */
  playButton(btn: HTMLButtonElement): HTMLButtonElement;
  busy(): boolean;
  result(kind: 'win' | 'lose' | 'info', text: string): void;
  /** The result line of a settled round from its payout ("You won 10.00!" / "No win this time"), after an optional lead. */
  payoutResult(payout: string, lead?: string): void;
  error(e: unknown): void;
  clearError(): void;
  setBalance(balance: string): void;
  /** Re-reads balance and history (after a timed round settles); answers the history. */
  refresh(): Promise<Round[]>;
  /** The table's fairness facts (baccarat: a seed per table round) and a place for its revealed seed. */
  setFairness(f: Fairness): void;
  fairness(): Fairness;
  fairnessExtra: HTMLElement;
}

export function errorText(e: unknown): { message: string; code: string } {
  if (e instanceof DemoApiError) {
    if (e.errorCode === 'network.error') return { message: t('error.network'), code: e.errorCode };
    return { message: e.message, code: e.errorCode };
  }
  return { message: e instanceof Error ? e.message : String(e), code: '' };
}

/** True inside another page's frame (the lobby's game popup or /seamless page). */
export function inFrame(): boolean {
  return !!window.parent && window.parent !== window;
}

/**
 * Close: inside the lobby's frame (popup or /seamless page) the lobby closes it and refreshes the
 * balance, so the page only tells its parent; opened on its own it goes to the back path, or
 * closes its window.
 */
export function closeGame(backUrl: string | null): void {
  if (inFrame()) window.parent.postMessage({ type: 'demo-vendor:close' }, location.origin);
  else if (backUrl) window.location.assign(backUrl);
  else window.close();
}

/** `targetName` names a round's target in the history list (the fish). */
export function mountShell(root: HTMLElement, session: Session, client: DemoClient, targetName: (code: string) => string): GameContext {
  const balanceEl = h('strong', { class: 'dv-balance-amount' }, money(session.balance));
  const stage = h('section', { class: `dv-stage dv-stage-${session.engine}` });
  const controls = h('section', { class: 'dv-controls' });
  const resultEl = h('div', { class: 'dv-result', role: 'status', 'aria-live': 'polite' });
  const errorEl = h('div', { class: 'dv-error', role: 'alert', hidden: true });
  const buttons = new Set<HTMLButtonElement>();
  let inFlight = false;
  let fairness: Fairness = session.fairness;
  let rounds: Round[] = session.history;

  const history = historyPanel(session.engine, targetName);
  const fair = fairnessPanel(client, () => fairness, (f) => {
    fairness = f;
  }, (e) => ctx.error(e), session.engine !== 'baccarat');
  history.update(rounds);
  fair.update();

  const setBusy = (b: boolean) => {
    inFlight = b;
    document.body.classList.toggle('dv-busy', b);
    for (const btn of buttons) btn.disabled = b || btn.dataset.blocked === '1';
  };

  const ctx: GameContext = {
    session,
    client,
    stage,
    controls,
    busy: () => inFlight,
    playButton(btn) {
      buttons.add(btn);
      btn.disabled = inFlight;
      return btn;
    },
    async play(input, draw) {
      if (inFlight) return null;
      setBusy(true);
      ctx.clearError();
      resultEl.className = 'dv-result';
      fill(resultEl);
      try {
        const answer = await client.play(input);
        const { round } = answer;
        fairness = answer.fairness;
        // While the game draws, show the balance without the win (the bet is already taken).
        ctx.setBalance(payoutLess(answer.balance, round.status === 'settled' ? round.payout : '0'));
        await draw(round);
        ctx.setBalance(answer.balance);
        rounds = [round, ...rounds.filter((r) => r.roundId !== round.roundId)].slice(0, 10);
        history.update(rounds);
        fair.update();
        return round;
      } catch (e) {
        ctx.error(e);
        return null;
      } finally {
        setBusy(false);
      }
    },
    result(kind, text) {
      resultEl.className = `dv-result dv-result-${kind} dv-pop`;
      fill(resultEl, text);
    },
    payoutResult(payout, lead) {
      const won = decimalToMinor(payout) > 0n;
      const text = won ? t('youWin', { amount: money(payout) }) : t('noWin');
      ctx.result(won ? 'win' : 'lose', lead ? `${lead} · ${text}` : text);
    },
    error(e) {
      const { message, code } = errorText(e);
      errorEl.hidden = false;
      fill(errorEl, h('strong', {}, t('error.title')), ' ', message, code ? h('small', {}, ` (${code})`) : null,
        h('button', { class: 'dv-error-x', type: 'button', 'aria-label': t('close'), onClick: () => ctx.clearError() }, '×'));
    },
    clearError() {
      errorEl.hidden = true;
      fill(errorEl);
    },
    setBalance(b) {
      fill(balanceEl, money(b));
    },
    async refresh() {
      try {
        const s = await client.session();
        ctx.setBalance(s.balance);
        fairness = s.fairness;
        rounds = s.history;
        history.update(rounds);
        fair.update();
      } catch (e) {
        ctx.error(e);
      }
      return rounds;
    },
    setFairness(f) {
      fairness = f;
      fair.update();
    },
    fairness: () => fairness,
    fairnessExtra: fair.extra,
  };

  fill(
    root,
    h('div', { class: `dv-page dv-engine-${session.engine}${session.trial ? ' dv-trial' : ''}` },
      // The first screen (on phones exactly the viewport: the game and its play button without scrolling).
      h('div', { class: 'dv-screen' },
      session.trial ? h('div', { class: 'dv-ribbon' }, t('ribbon')) : null,
      h('header', { class: 'dv-header' },
        h('div', { class: 'dv-title' },
          h('h1', {}, session.gameName),
          h('span', { class: 'dv-sub' }, `${session.vendor} · ${t('rtp', { value: percent(session.rtp) })}`)),
        h('div', { class: `dv-balance${session.trial ? ' dv-balance-trial' : ''}` },
          h('span', {}, session.trial ? t('playMoney') : t('balance')),
          h('span', { class: 'dv-balance-line' }, balanceEl, h('small', {}, session.currency))),
        // Inside the lobby's frame the lobby's bar has the one close control.
        inFrame() ? null : h('button', { class: 'dv-close', type: 'button', 'aria-label': t('close'), title: t('close'), onClick: () => closeGame(session.backUrl) }, '×')),
      errorEl,
      h('main', { class: 'dv-main' }, stage, h('div', { class: 'dv-side' }, controls, resultEl))),
      h('div', { class: 'dv-panels' }, history.el, fair.el)),
  );
  return ctx;
}

function payoutLess(balance: string, payout: string): string {
  return toDecimal(decimalToMinor(balance) - decimalToMinor(payout));
}
