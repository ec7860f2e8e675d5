/**
 * A `?token=` link at start-up (§4: the token may come from the query string). The token leaves
 * the address bar at once; it becomes the session only when the server says it is a live session
 * of this brand (POST /wps/session/check, which never answers 401). A stale or foreign token is
 * dropped silently: no login popup, no 401 in the console, and a live session already in this
 * tab is kept (issue 23 item 10).
 */
import { session } from '@lobby/contract';
import { call } from '@/lib/api';
import { setToken, takeTokenFromUrl } from '@/lib/storage';

type Check = (token: string) => Promise<boolean>;

const serverCheck: Check = async (token) => (await call(session.tokenCheck, { body: { token } })).live;

/** Adopts a live ?token= as the session; answers whether it did. A failed check drops it too. */
export async function adoptUrlToken(check: Check = serverCheck): Promise<boolean> {
  const token = takeTokenFromUrl();
  if (!token) return false;
  const live = await check(token).catch(() => false);
  if (live) setToken(token);
  return live;
}
