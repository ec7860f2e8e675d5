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
 * `rotatable` false (the baccarat table): each table round has its own seed (the shoe, whose
 * hash is shown); the player's client seed is mixed into every round's cut and can be changed
 * like in the other games; the game fills `extra` with the last revealed shoe.
 */
export function fairnessPanel(client: DemoClient, get: () => Fairness, set: (f: Fairness) => void, onError: (e: unknown) => void, rotatable = true) {
  const hash = h('code', { class: 'dv-hash' });
  const nextHash = h('code', { class: 'dv-hash', 'data-testid': 'next-hash' });
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
      const answer: SeedAnswer = await client.seed(seed, get().nextServerSeedHash || undefined);
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
      h('p', { class: 'dv-note' }, t('verifyNote'), ' ', h('a', { href: '/fairness', target: '_blank', rel: 'noopener' }, t('verifier'))));
  }

  function update() {
    const f = get();
    fill(hash, f.serverSeedHash);
    fill(nextHash, f.nextServerSeedHash);
    fill(nonce, String(f.nonce));
    if (document.activeElement !== input) input.value = f.clientSeed;
  }

  const extra = h('div', { class: 'dv-revealed' });
  const el = h('section', { class: 'dv-panel dv-fair' },
    h('h2', {}, t('fairness')),
    h('dl', {},
      h('dt', {}, rotatable ? t('serverSeedHash') : t('bac.shoeHash')), h('dd', {}, hash),
      h('dt', {}, t('nextSeedHash')), h('dd', {}, nextHash),
      h('dt', {}, t('clientSeed')), h('dd', {}, [form, hint]),
      rotatable ? [h('dt', {}, t('nonce')), h('dd', {}, nonce)] : null),
    h('p', { class: 'dv-muted' }, rotatable ? t('seedHelp') : t('bac.seedNote')),
    revealed, rotatable ? null : extra);
  return {
    el,
    extra,
    update() {
      update();
    },
  };
}
