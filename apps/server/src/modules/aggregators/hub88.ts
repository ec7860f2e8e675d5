/**
 * The Hub88 adapter (docs.hub88.io, Operator API → Games API): `POST /operator/generic/v2/game/url`
 * and `/operator/generic/v2/game/list`, each body signed with our private key (RSA-SHA256 over
 * the raw body, base64, header X-Hub88-Signature) and carrying our `operator_id`.
 */
import { sign } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import type { AggregatorAdapter, AggregatorGame, Connection, LaunchArgs } from './adapter.ts';

const TIMEOUT_MS = 10_000;
/** Hub88 documents operator_id as an integer; a non-numeric id is sent as given. */
const operatorId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : id);

async function post(c: Connection, path: string, body: Record<string, unknown>): Promise<unknown> {
  const raw = JSON.stringify({ ...body, operator_id: operatorId(c.operatorId) });
  let res: Response;
  try {
    res = await fetch(`${c.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': sign('sha256', Buffer.from(raw), c.sign).toString('base64') },
      body: raw,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AppError('operator.aggregator.unreachable');
  }
  const text = await res.text();
  if (!res.ok) throw new AppError('operator.aggregator.refused', undefined, { status: res.status, error: text.slice(0, 200) });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('operator.aggregator.list.invalid');
  }
}

/** The documented game-list entry (fields we use; the rest are kept out). */
const listEntry = z.object({
  game_code: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  product: z.string().min(1).max(100),
  category: z.string().max(100).nullable().optional(),
  url_thumb: z.string().max(1000).nullable().optional(),
  enabled: z.boolean().optional(),
});

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\/[^\s"'<>]+$/.test(u) ? u : null);

export const hub88: AggregatorAdapter = {
  async gameList(c: Connection): Promise<AggregatorGame[]> {
    const body = await post(c, '/operator/generic/v2/game/list', {});
    const parsed = z.array(listEntry).max(50_000).safeParse(body);
    if (!parsed.success) throw new AppError('operator.aggregator.list.invalid');
    return parsed.data.map((g) => ({
      gameCode: g.game_code, name: g.name, supplier: g.product, category: g.category ?? null,
      imageUrl: httpUrl(g.url_thumb), enabled: g.enabled !== false,
    }));
  },

  async gameUrl(c: Connection, a: LaunchArgs): Promise<string> {
    const body: Record<string, unknown> = {
      game_code: a.gameCode,
      platform: a.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
      lang: a.lang,
      meta: {},
      ...(a.lobbyUrl ? { lobby_url: a.lobbyUrl } : {}),
      ...(a.ip ? { ip: a.ip } : {}),
      ...(a.country ? { country: a.country } : {}),
      // DEMO mode: currency XXX, no user and no token (documented)
      ...(a.player ? { user: a.player.user, token: a.player.token, currency: a.currency } : { currency: 'XXX' }),
    };
    const answer = z.object({ url: z.string().url() }).safeParse(await post(c, '/operator/generic/v2/game/url', body));
    if (!answer.success || !/^https?:\/\//.test(answer.data.url)) throw new AppError('aggregator.launch.failed');
    return answer.data.url;
  },
};

export const ADAPTERS = { hub88 } as const;
