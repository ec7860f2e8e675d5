// Helpers of the demo games' journeys (crash, dealer): a launch's game URL, and the game page
// shown in a language a launch does not carry.
import assert from 'node:assert/strict';
import { api } from './player.mjs';

/** The game page URL of a launch (`real`: with the page's member token, else free play) in `language`. */
export async function launchUrl(page, { gameType, vassalage, nodeId, real = false }, language) {
  const token = real ? await page.evaluate(() => sessionStorage.getItem('token') ?? '') : '';
  const r = await api(page, 'POST', '/wps/game/launchGame', {
    headers: { Merchant: 'demo', ...(real ? { Authorization: token } : {}) },
    data: { gameType, vassalage, nodeId, accountType: real ? 1 : 0, language },
  });
  const url = r?.value?.content?.game_url ?? r?.content?.game_url;
  assert.ok(url, `a launch answers the game URL: ${JSON.stringify(r).slice(0, 200)}`);
  return url;
}

/**
 * A launch carries ES or EN (textLangOf); the game page also reads AR (its locale file): the
 * page's session answers come back in `lang`.
 */
export async function sessionIn(page, lang) {
  await page.route('**/demo-vendor/api/session*', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    if (body?.value) body.value.language = lang;
    await route.fulfill({ response: res, json: body });
  });
}
