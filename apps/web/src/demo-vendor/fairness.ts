/**
 * Fairness panel: the active server seed's hash (shown before play), the client seed the
 * player may change (which rotates the pair and reveals the old server seed), the next nonce,
 * and how to verify.
 */
import type { DemoClient, Fairness, SeedAnswer } from './api';
import { fill, h } from './dom';
import { t } from './i18n';

/** A client seed the API accepts: 1-64 printable ASCII characters without spaces. */
export function validClientSeed(seed: string): boolean {
  return /^[\x21-\x7e]{1,64}$/.test(seed);
}

/**
 * `rotatable` false (the baccarat table): each table round has its own seed, so the client seed
 * cannot be changed; the game fills `extra` with the last revealed seed.
 */
export function fairnessPanel(client: DemoClient, get: () => Fairness, set: (f: Fairness) => void, onError: (e: unknown) => void, rotatable = true) {
  const hash = h('code', { class: 'dv-hash' });
  const nonce = h('code', {});
  const input = h('input', { class: 'dv-input', maxlength: 64, 'aria-label': t('clientSeed'), spellcheck: 'false', autocomplete: 'off' });
  const hint = h('p', { class: 'dv-field-error', hidden: true }, t('seed.invalid'));
  const revealed = h('div', { class: 'dv-revealed', hidden: true });
  const btn = h('button', { class: 'dv-btn dv-btn-ghost', type: 'submit' }, t('changeSeed'));
  let busy = false;

  const form = h('form', { class: 'dv-seed-form', onSubmit: async (ev: Event) => {
    ev.preventDefault();
    const seed = input.value.trim();
    hint.hidden = validClientSeed(seed);
    if (!hint.hidden || busy) return;
    busy = true;
    btn.disabled = true;
    try {
      const answer: SeedAnswer = await client.seed(seed);
      set(answer.fairness);
      showRevealed(answer);
      update();
    } catch (e) {
      onError(e);
    } finally {
      busy = false;
      btn.disabled = false;
    }
  } }, input, btn);

  function showRevealed(a: SeedAnswer) {
    revealed.hidden = false;
    fill(revealed,
      h('h3', {}, t('revealed')),
      h('code', { class: 'dv-hash' }, a.revealed.serverSeed),
      h('p', { class: 'dv-muted' }, `SHA-256: ${a.revealed.serverSeedHash}`),
      h('p', { class: 'dv-muted' }, `${t('clientSeed')}: ${a.revealed.clientSeed} · ${t('roundsPlayed', { n: a.revealed.roundsPlayed })}`),
      h('p', { class: 'dv-note' }, t('verifyNote')));
  }

  function update() {
    const f = get();
    fill(hash, f.serverSeedHash);
    fill(nonce, String(f.nonce));
    if (document.activeElement !== input) input.value = f.clientSeed;
  }

  const clientSeed = h('code', {});
  const extra = h('div', { class: 'dv-revealed' });
  const el = h('section', { class: 'dv-panel dv-fair' },
    h('h2', {}, t('fairness')),
    h('dl', {},
      h('dt', {}, t('serverSeedHash')), h('dd', {}, hash),
      h('dt', {}, t('clientSeed')), h('dd', {}, rotatable ? [form, hint] : clientSeed),
      rotatable ? [h('dt', {}, t('nonce')), h('dd', {}, nonce)] : null),
    h('p', { class: 'dv-muted' }, rotatable ? t('seedHelp') : t('bac.seedNote')),
    rotatable ? revealed : extra);
  return {
    el,
    extra,
    update() {
      update();
      fill(clientSeed, get().clientSeed);
    },
  };
}
