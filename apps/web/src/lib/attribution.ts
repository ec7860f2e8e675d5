/**
 * Tracked-link attribution in the browser (issue 25): a visit to any page with `?referralCode=`
 * (an agent's invite link or permanent affiliate link, optionally `&campaign=` and `&sub=`) is
 * recorded once (affiliate.click) and the answer kept for 30 days, so a visitor who lands on
 * `/rng?vassalage=…&referralCode=…` or a promotion and registers later is still attributed: the
 * register form takes the kept code and sends its click id. Small and dependency-free: it runs at
 * start-up, in the main bundle; the report's module (the affiliate contract) loads only for a
 * tracked visit.
 */

const KEY = 'lobby.attribution';
const KEEP_MS = 30 * 86_400_000;

export interface Attribution { code: string; clickId: string | null; at: number }

export function storedAttribution(now = Date.now()): Attribution | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Attribution | null;
    return v && typeof v.code === 'string' && now - v.at < KEEP_MS ? v : null;
  } catch {
    return null;
  }
}

/** Reads the address's tracking parameters (if any), records the click and keeps the attribution. */
export async function captureAttribution(loc: Pick<Location, 'search' | 'pathname'> = window.location): Promise<Attribution | null> {
  const p = new URLSearchParams(loc.search);
  const code = (p.get('referralCode') ?? p.get('ref') ?? '').trim();
  if (!code || code.length > 32) return null;
  const kept: Attribution = { code, clickId: null, at: Date.now() };
  try {
    const { recordClick } = await import('./attribution-click');
    kept.clickId = await recordClick({ code, campaign: p.get('campaign') ?? undefined, sub: p.get('sub') ?? undefined, landing: `${loc.pathname}${loc.search}`.slice(0, 300) });
  } catch {
    // offline or refused: the code alone still attributes the registration
  }
  try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch { /* private mode */ }
  return kept;
}
