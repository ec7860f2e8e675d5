// Issue 21 (provably fair): a visitor (no login) opens /fairness pre-filled with a dice round,
// as the games' "last 10 rounds" link does, and the browser recomputes it with the shared code
// (fixed vector: HMAC-SHA256(seed, "lucky-player:1:0") starts b70cc77b -> roll 80.27, the same
// vector as apps/server/src/demo-vendor/games/vectors.test.ts); the hash check says "matches";
// a fast lottery issue is replayed by the published rule (59031); the slot's reel strips are
// published. Screenshots ES and EN at 1366 and 390.
import assert from 'node:assert/strict';
import { VIEWPORTS } from './lib/harness.mjs';
import { lookup, waitForScreen } from './lib/web.mjs';

export const timeout = 120_000;
const SEED = 'a3f1c2e4b5d6978812345678909abcdefa3f1c2e4b5d6978812345678909abcd';
const HASH = '42dcf2107d5b64adbc2db88f0f22c680ad21f067e283dc0641633e2e7dc4295b';
const f = (lang, key) => lookup(lang, key, 'fairness');

export default async function fairnessJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  for (const lang of ['ES', 'EN']) {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
    await step(`${lang} visitor verifies a dice round pre-filled from a link`, async () => {
      const q = new URLSearchParams({ game: 'dice', serverSeed: SEED, clientSeed: 'lucky-player', nonce: '1', target: '50', direction: 'under', hash: HASH });
      await page.goto(`/fairness?${q}`);
      await waitForScreen(page, { timeout: 30_000 });
      const result = page.getByTestId('fairness-result');
      await result.waitFor({ timeout: 15_000 });
      assert.equal((await page.getByTestId('fairness-summary').innerText()).trim(), '80.27');
      assert.match(await result.innerText(), new RegExp(f(lang, 'fairness.hashMatch')));
      assert.equal(await page.getByTestId('reel-strips').locator('p').count(), 6, 'five reel strips and the lines are published');
      await settle(page);
      await shot(`fairness-dice-${lang}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`fairness-dice-${lang}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
    });
    await step(`${lang} visitor replays a fast lottery issue by the published rule`, async () => {
      await page.locator('select[name=game]').selectOption('lottery');
      await page.locator('input[name=clientSeed]').fill('FAST1');
      await page.locator('input[name=nonce]').fill('20261127-0001');
      await page.locator('input[name=hash]').fill('');
      await page.getByRole('button', { name: f(lang, 'fairness.verify'), exact: true }).click();
      await page.getByTestId('fairness-summary').filter({ hasText: 'DB: 59031' }).waitFor({ timeout: 10_000 });
      await settle(page);
      await shot(`fairness-lottery-${lang}-1366`, page);
    });
    await expectNoConsoleErrors(page);
  }
}
