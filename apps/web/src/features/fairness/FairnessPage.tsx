/**
 * /fairness — the public verifier (no login; issue 21). The player pastes the revealed server
 * seed, the client seed and the nonce (for a lottery issue: the game code and the numero) and
 * the browser recomputes the round with the very code the server ran
 * (`@lobby/contract/fairness`): the hash to compare with the one shown before play, and what
 * was drawn. Below, every game's recipe in words, the slot's reel strips and the paytables.
 * The query string pre-fills the form (the games' "last 10 rounds" link here).
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crashChain, fish, keno, slot5, VERIFY_GAMES, verifyRound, type VerifyAnswer, type VerifyGame, type VerifyInput } from '@lobby/contract/fairness';
import './locale';
import '@/components/ui/form.css';
import './fairness.css';

type Form = { game: VerifyGame; serverSeed: string; clientSeed: string; nonce: string; expectedHash: string; target: string; direction: string; picks: string; kind: string; region: string; terminatingHash: string };

const initial = (q: URLSearchParams): Form => {
  const game = (VERIFY_GAMES as readonly string[]).includes(q.get('game') ?? '') ? (q.get('game') as VerifyGame) : 'dice';
  return {
    game, serverSeed: q.get('serverSeed') ?? '', clientSeed: q.get('clientSeed') ?? '', nonce: q.get('nonce') ?? '0',
    expectedHash: q.get('hash') ?? '', target: q.get('target') ?? (game === 'fish' ? 'CLOWNFISH' : '50'), direction: q.get('direction') ?? 'under',
    picks: q.get('picks') ?? '', kind: q.get('kind') ?? 'fast', region: q.get('region') ?? 'north', terminatingHash: q.get('terminatingHash') ?? '',
  };
};

function toInput(f: Form): VerifyInput {
  const params: VerifyInput['params'] = {};
  if (f.game === 'fish') params.target = f.target;
  if (f.game === 'dice') { params.target = Number(f.target); params.direction = f.direction; }
  if (f.game === 'keno') params.picks = f.picks.split(/[\s,]+/).filter(Boolean).map(Number);
  if (f.game === 'crash' && f.terminatingHash.trim()) params.terminatingHash = f.terminatingHash.trim();
  if (f.game === 'lottery') { params.kind = f.kind === 'vn' ? 'vn' : 'fast'; params.region = f.kind === 'vn' ? (f.region as 'north') : null; }
  return { game: f.game, serverSeed: f.serverSeed.trim(), clientSeed: f.clientSeed.trim(), nonce: f.game === 'lottery' ? f.nonce.trim() : Number(f.nonce), params };
}

/** A short line of what was drawn. */
function summary(game: VerifyGame, o: Record<string, unknown>): string {
  const x = o as Record<string, never>;
  switch (game) {
    case 'dice': return `${x.roll}`;
    case 'crash': return `${x.crashPoint}×`;
    case 'keno': return (x.drawn as number[]).join(' ');
    case 'fish': return `${x.caught ? '✓' : '✗'} ${x.multiplier ?? ''}×`;
    case 'baccarat': {
      const cards = (c: { rank: string; suit: string }[]) => c.map((k) => `${k.rank}${k.suit}`).join(' ');
      return `P ${cards(x.playerCards)} (${x.playerTotal}) · B ${cards(x.bankerCards)} (${x.bankerTotal}) → ${x.winner}`;
    }
    case 'slot5': return ((x.base as { stops: number[] }).stops ?? []).join(' · ');
    case 'lottery': return (x.prizes as { prize: string; numbers: string[] }[]).map((p) => `${p.prize}: ${p.numbers.join(' ')}`).join(' | ');
  }
}

function Recipes() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ES' ? 'ES' : 'EN';
  return (
    <section className="card fair-recipes" aria-labelledby="fair-recipes">
      <h2 id="fair-recipes">{t('fairness.recipes.title')}</h2>
      <p>{t('fairness.recipes.stream')}</p>
      <ul>
        <li>{t('fairness.recipes.float')}</li>
        <li>{t('fairness.recipes.intBelow')}</li>
        <li>{t('fairness.recipes.shuffle')}</li>
        <li>{t('fairness.recipes.commit')}</li>
      </ul>
      {VERIFY_GAMES.map((g) => (
        <div key={g} className="fair-recipe">
          <h3>{t(`fairness.game.${g}`)}</h3>
          <p>{t(`fairness.recipes.${g}`)}</p>
          {g === 'slot5' && (
            <div className="fair-strips" data-testid="reel-strips">
              {slot5.CONFIG.strips.map((strip, r) => (
                <p key={r}><strong>{t('fairness.reel', { n: r + 1 })}</strong> ({strip.length}): {strip.map((s) => slot5.SYMBOLS[s]).join(' ')}</p>
              ))}
              <table className="fair-table">
                <thead><tr><th>{t('fairness.symbol')}</th><th>3</th><th>4</th><th>5</th></tr></thead>
                <tbody>
                  {slot5.SYMBOLS.map((s, i) => (
                    <tr key={s}><td>{s}</td>{(i === slot5.SCATTER ? slot5.CONFIG.scatterPays : slot5.CONFIG.pays[i]).slice(3).map((v, k) => <td key={k}>{v}</td>)}</tr>
                  ))}
                </tbody>
              </table>
              <p className="muted">{t('fairness.lines')}: {slot5.LINES.map((l) => l.join('')).join(' ')}</p>
            </div>
          )}
          {g === 'fish' && <p className="muted">{fish.TARGETS.map((x) => `${x.name[lang]} ${typeof x.multiplier === 'number' ? x.multiplier : `${x.multiplier.min}-${x.multiplier.max}`}×`).join(' · ')}</p>}
          {g === 'crash' && <p className="muted">{t('fairness.salt')}: <code data-testid="crash-salt">{crashChain.CRASH_SALT}</code></p>}
          {g === 'keno' && <p className="muted">{Object.entries(keno.PAYTABLE).map(([spots, pays]) => `${spots}: ${Object.entries(pays).map(([h, m]) => `${h}→${m}×`).join(' ')}`).join(' | ')}</p>}
        </div>
      ))}
    </section>
  );
}

type Outcome = { a: VerifyAnswer; game: VerifyGame } | { error: string };

function compute(f: Form): Outcome {
  try {
    return { a: verifyRound(toInput(f)), game: f.game };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export default function FairnessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(() => initial(params));
  // pre-filled from a round (the games' link): computed at once
  const [out, setOut] = useState<Outcome | null>(() => (params.get('serverSeed') ? compute(initial(params)) : null));
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const lottery = form.game === 'lottery';
  const onSubmit = (e: FormEvent) => { e.preventDefault(); setOut(compute(form)); };
  const answer = out && 'a' in out ? out : null;
  const error = out && 'error' in out ? out.error : null;
  const hashOk = answer && form.expectedHash.trim() ? answer.a.serverSeedHash === form.expectedHash.trim().toLowerCase() : null;

  return (
    <section className="page fair-page" aria-labelledby="fair-title">
      <h1 id="fair-title" className="page__title">{t('fairness.title')}</h1>
      <p className="muted">{t('fairness.intro')}</p>
      <form className="card fair-form" onSubmit={onSubmit} data-testid="fairness-form">
        <label>{t('fairness.field.game')}
          <select className="input" value={form.game} onChange={set('game')} name="game">
            {VERIFY_GAMES.map((g) => <option key={g} value={g}>{t(`fairness.game.${g}`)}</option>)}
          </select>
        </label>
        <label>{t('fairness.field.serverSeed')}<input className="input" name="serverSeed" value={form.serverSeed} onChange={set('serverSeed')} spellCheck={false} autoComplete="off" required /></label>
        <label>{lottery ? t('fairness.field.gameCode') : t('fairness.field.clientSeed')}<input className="input" name="clientSeed" value={form.clientSeed} onChange={set('clientSeed')} spellCheck={false} autoComplete="off" required /></label>
        <label>{lottery ? t('fairness.field.numero') : t('fairness.field.nonce')}<input className="input" name="nonce" value={form.nonce} onChange={set('nonce')} inputMode={lottery ? 'text' : 'numeric'} required /></label>
        {form.game === 'fish' && (
          <label>{t('fairness.field.target')}
            <select className="input" name="target" value={form.target} onChange={set('target')}>{fish.TARGETS.map((x) => <option key={x.code} value={x.code}>{x.code}</option>)}</select>
          </label>
        )}
        {form.game === 'dice' && (
          <>
            <label>{t('fairness.field.target')}<input className="input" name="target" value={form.target} onChange={set('target')} inputMode="decimal" /></label>
            <label>{t('fairness.field.direction')}
              <select className="input" name="direction" value={form.direction} onChange={set('direction')}><option value="under">{t('fairness.under')}</option><option value="over">{t('fairness.over')}</option></select>
            </label>
          </>
        )}
        {form.game === 'crash' && <label>{t('fairness.field.terminatingHash')}<input className="input" name="terminatingHash" value={form.terminatingHash} onChange={set('terminatingHash')} spellCheck={false} autoComplete="off" /></label>}
        {form.game === 'keno' && <label>{t('fairness.field.picks')}<input className="input" name="picks" value={form.picks} onChange={set('picks')} placeholder="1, 2, 3" /></label>}
        {lottery && (
          <>
            <label>{t('fairness.field.kind')}
              <select className="input" name="kind" value={form.kind} onChange={set('kind')}><option value="fast">{t('fairness.kind.fast')}</option><option value="vn">{t('fairness.kind.vn')}</option></select>
            </label>
            {form.kind === 'vn' && (
              <label>{t('fairness.field.region')}
                <select className="input" name="region" value={form.region} onChange={set('region')}>{['north', 'central', 'south'].map((r) => <option key={r} value={r}>{t(`fairness.region.${r}`)}</option>)}</select>
              </label>
            )}
          </>
        )}
        <label>{t('fairness.field.expectedHash')}<input className="input" name="hash" value={form.expectedHash} onChange={set('expectedHash')} spellCheck={false} autoComplete="off" /></label>
        <button className="btn btn--primary" type="submit">{t('fairness.verify')}</button>
      </form>
      {error && <p className="form-note form-note--error" role="alert">{t('fairness.error', { reason: error })}</p>}
      {answer && (
        <section className="card fair-result" aria-live="polite" data-testid="fairness-result">
          <h2>{t('fairness.result')}</h2>
          <dl>
            <dt>{t('fairness.hash')}</dt><dd><code>{answer.a.serverSeedHash}</code></dd>
            {hashOk !== null && <><dt>{t('fairness.hashCheck')}</dt><dd className={hashOk ? 'fair-ok' : 'fair-bad'}>{hashOk ? t('fairness.hashMatch') : t('fairness.hashMismatch')}</dd></>}
            <dt>{t('fairness.drawn')}</dt><dd data-testid="fairness-summary">{summary(answer.game, answer.a.outcome)}</dd>
            {answer.game === 'crash' && 'chainIndex' in answer.a.outcome && (
              <><dt>{t('fairness.chain')}</dt><dd className={answer.a.outcome.chainIndex ? 'fair-ok' : 'fair-bad'} data-testid="fairness-chain">
                {answer.a.outcome.chainIndex ? t('fairness.chainOk', { n: Number(answer.a.outcome.chainIndex) }) : t('fairness.chainBad')}
              </dd></>
            )}
            {answer.a.multiplier !== null && <><dt>{t('fairness.multiplier')}</dt><dd>{answer.a.multiplier}×</dd></>}
          </dl>
          <details><summary>{t('fairness.details')}</summary><pre>{JSON.stringify(answer.a.outcome, null, 1)}</pre></details>
        </section>
      )}
      <Recipes />
    </section>
  );
}
