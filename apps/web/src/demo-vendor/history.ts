/** The member's last 10 rounds of this game: time, bet, payout and what happened. */
import type { Engine, Round } from './api';
import { fill, h } from './dom';
import { clock, money } from './format';
import { t } from './i18n';
import { outcomeSummary, roundWon } from './summary';

/** The lobby's /fairness verifier pre-filled with a round whose server seed is revealed (null before). */
export function verifyHref(engine: Engine, r: Round): string | null {
  if (!r.serverSeed || r.nonce === null) return null;
  const q = new URLSearchParams({ game: engine, serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: String(r.nonce), hash: r.serverSeedHash });
  const input = r.input as Record<string, unknown>;
  if (engine === 'fish' || engine === 'dice') q.set('target', String(input.target ?? ''));
  if (engine === 'dice') q.set('direction', String(input.direction ?? ''));
  if (engine === 'keno' && Array.isArray(input.picks)) q.set('picks', input.picks.join(','));
  const terminating = (r.outcome ?? {}).terminatingHash;
  if (engine === 'crash' && typeof terminating === 'string') q.set('terminatingHash', terminating);
  return `/fairness?${q.toString()}`;
}

export function historyPanel(engine: Engine, targetName: (code: string) => string) {
  const body = h('tbody');
  const empty = h('p', { class: 'dv-muted' }, t('historyEmpty'));
  const table = h('table', { class: 'dv-history' },
    h('thead', {}, h('tr', {}, h('th', {}, t('time')), h('th', { class: 'num' }, t('bet')), h('th', { class: 'num' }, t('payout')), h('th', {}, t('result')))),
    body);
  const el = h('section', { class: 'dv-panel' }, h('h2', {}, t('history')), empty, table);

  function statusText(r: Round): string {
    if (r.status === 'pending') return t('pending');
    if (r.status === 'refunded') return t('refunded');
    if (r.status === 'failed') return t('failed');
    return outcomeSummary(engine, r.outcome, targetName);
  }

  const verifyLink = (r: Round) => {
    const href = verifyHref(engine, r);
    return href ? [' ', h('a', { class: 'dv-verify', href, target: '_blank', rel: 'noopener' }, t('verify'))] : [];
  };

  return {
    el,
    update(rounds: Round[]) {
      empty.hidden = rounds.length > 0;
      table.hidden = rounds.length === 0;
      fill(body, rounds.slice(0, 10).map((r) =>
        h('tr', { class: roundWon(r) ? 'dv-won' : '' },
          h('td', {}, clock(r.createdAt)),
          h('td', { class: 'num' }, money(r.bet)),
          h('td', { class: 'num' }, r.status === 'pending' ? '…' : money(r.payout)),
          h('td', { class: 'dv-outcome' }, statusText(r), ...verifyLink(r)))));
    },
  };
}
