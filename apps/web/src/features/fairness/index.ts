/** The public face of the fairness feature (the /fairness verifier, no login; issue 21). */
// Loader of its lazily loaded page (import() stays here: the page keeps its own chunk).
export const loadFairnessPage = () => import('./FairnessPage');

/** The verifier's address pre-filled with a round (the demo games' "last 10 rounds" link to it). */
export function verifyUrl(p: { game: string; serverSeed: string; clientSeed: string; nonce: number | string; params?: Record<string, string | number | undefined> }): string {
  const q = new URLSearchParams({ game: p.game, serverSeed: p.serverSeed, clientSeed: p.clientSeed, nonce: String(p.nonce) });
  for (const [k, v] of Object.entries(p.params ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  return `/fairness?${q.toString()}`;
}
