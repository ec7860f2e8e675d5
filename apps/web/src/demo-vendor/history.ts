/** The member's last 10 rounds of this game: time, bet, payout and what happened. */
import type { Engine, Round } from './api';
import { fill, h } from './dom';
import { clock, money } from './format';
import { t } from './i18n';
import { outcomeSummary, roundWon } from './summary';

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
          h('td', { class: 'dv-outcome' }, statusText(r)))));
    },
  };
}
