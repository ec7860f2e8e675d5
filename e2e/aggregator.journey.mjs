// Issue 20 (aggregator game launch and catalog) in Chromium, with the aggregator stand-in
// (tools/aggregator-standin: its own process and keys) connected to brand demo as HUB88 at the
// server's start. The owner opens Games → Aggregators & credentials: HUB88 with its keys ready and
// its catalog imported; imports it again (nothing new). player01 opens an aggregator slot from the
// lobby: the game page is the aggregator's (its own origin), shows the wallet balance, a spin posts
// a signed bet and win to our Hub88 wallet; the header balance moves by win - bet, and the round is
// in the betting record. Screenshots at 1366 and 390 (console ES, player ES and EN).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { consoleLogin, consoleMenu, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginWithBalance, operator } from './lib/player.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** The stand-in is started for this journey and connected to the demo brand (e2e/run.mjs). */
export const aggregatorStandin = true;

const c = (lang, key) => lookup(lang, key, 'operator-aggregators') ?? lookup(lang, key, 'operator-games') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);
const VENDOR = 'RNG-H8AURORASTUDIOS';
const SLOT = 'Lucky Sevens';
const DICE_VENDOR = 'PVP-H8NOVADICE';
const DICE = 'Dice Royale';

/** The stand-in's page in the game popup (desktop) or on /seamless (phone): waits for its balance. */
async function standinFrame(page, standinUrl) {
  const iframe = page.locator(`iframe[src^="${standinUrl}/games/"]`);
  await iframe.waitFor({ timeout: 15_000 });
  const frame = page.frameLocator(`iframe[src^="${standinUrl}/games/"]`);
  await waitUntil(async () => /\d/.test(await frame.locator('#balance').innerText()), { timeout: 15_000, message: 'the game never showed a balance' });
  return frame;
}

/** One round on the stand-in's page; answers the page's balance (cents) after it. */
async function playRound(frame) {
  const body = frame.locator('body');
  const rounds = Number(await body.getAttribute('data-rounds'));
  await frame.locator('#play').click();
  await waitUntil(async () => Number(await body.getAttribute('data-rounds')) === rounds + 1, { timeout: 20_000, message: `the round never ended: ${await frame.locator('#result').innerText()}` });
  return cents(await frame.locator('#balance').innerText());
}

export default async function aggregator({ server, newPage, step, shot, settle, expectNoConsoleErrors }) {
  const standinUrl = server.standinUrl;
  assert.ok(standinUrl, 'the stand-in runs');
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  owner.setDefaultTimeout(30_000); // room for a busy machine

  await step('the owner sees HUB88 (keys ready, catalog imported) and imports its catalog again', async () => {
    // the server connects the stand-in in the background at start: wait for its first import
    await waitUntil(async () => (await operator(owner, 'GET', '/wps/ops/aggregators')).some((a) => a.code === 'HUB88' && a.lastImport), { timeout: 90_000, interval: 500, message: 'the stand-in was never connected' });
    await consoleLogin(owner, OWNER);
    await consoleMenu(owner, c('ES', 'console.menu.games'));
    await owner.getByRole('tab', { name: c('ES', 'console.gm.tabs.aggregators') }).click();
    const item = owner.locator('.ag-item[data-code="HUB88"]');
    await item.waitFor({ timeout: 15_000 });
    assert.equal((await item.getByTestId('keys').innerText()).trim(), c('ES', 'console.ag.keysReady'));
    assert.match(await item.innerText(), new RegExp(VENDOR));
    await item.getByRole('button', { name: c('ES', 'console.ag.import') }).click();
    const done = c('ES', 'console.ag.imported').replace('{{games}}', '5').replace('{{added}}', '0').replace('{{vendors}}', '2');
    await item.getByText(done).waitFor({ timeout: 15_000 });
    await owner.locator('tr[data-partner="HUB88"][data-status="current"]').first().waitFor();
    await settle(owner);
    await shot('console-aggregators-ES-1366', owner);
    await owner.setViewportSize(VIEWPORTS.mobile);
    await settle(owner);
    await shot('console-aggregators-ES-390', owner);
    expectNoConsoleErrors(owner);
  }, { fatal: true });

  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  page.setDefaultTimeout(30_000);
  await step('player01 plays an aggregator slot in the game popup: the header balance moves by win - bet', async () => {
    await operator(page, 'POST', '/wps/ops/finance/adjust', { username: 'player01', direction: 'credit', amount: '100.00', reason: 'aggregator journey', requestId: randomUUID().replace(/-/g, '') });
    // first load of the site in this context (its chunks), with room for a busy machine
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor({ timeout: 60_000 });
    await loginWithBalance(page);
    const before = cents(await balanceText(page));
    await page.goto(`/rng?vassalage=${VENDOR}`);
    const card = page.locator('.gcard', { has: page.locator('.gcard__name', { hasText: SLOT }) }).first();
    await card.waitFor();
    assert.equal(await card.locator('img').first().getAttribute('src'), `${standinUrl}/thumbs/aur_luckysevens.svg`, 'the tile is the aggregator\'s thumbnail');
    await card.locator('.gcard__play').click();
    const frame = await standinFrame(page, standinUrl);
    assert.equal(cents(await frame.locator('#balance').innerText()), before, 'the aggregator shows our wallet balance');
    const after = await playRound(frame);
    await shot('aggregator-slot-ES-1366', page);
    const dialog = page.getByRole('dialog', { name: SLOT });
    await dialog.getByRole('button', { name: /cerrar/i }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await waitUntil(async () => cents(await balanceText(page)) === after, { message: `header balance did not become ${after} (was ${before})` });
  }, { fatal: true });

  await step('the aggregator round is in the betting record', async () => {
    await page.goto('/member?page=personalHistoryCopy');
    await page.getByText(SLOT).first().waitFor({ timeout: 15_000 });
    await settle(page);
    await shot('betting-record-ES-1366', page);
    expectNoConsoleErrors(page);
  });

  await step('phone, EN: an aggregator dice game on /seamless plays a round', async () => {
    const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true, storage: { lang: 'EN', hisLang: 'EN' } });
    phone.setDefaultTimeout(30_000);
    await phone.goto('/login');
    await phone.getByTestId('login-form').waitFor({ timeout: 60_000 });
    await loginWithBalance(phone);
    await phone.goto(`/pvp?vassalage=${DICE_VENDOR}`);
    const card = phone.locator('.gcard', { has: phone.locator('.gcard__name', { hasText: DICE }) }).first();
    await card.locator('.gcard__play').click();
    await waitUntil(async () => new URL(phone.url()).pathname === '/seamless', { message: 'phones play on /seamless' });
    const frame = await standinFrame(phone, standinUrl);
    const before = cents(await frame.locator('#balance').innerText());
    const after = await playRound(frame);
    assert.ok((await frame.locator('#round').innerText()).length > 10, 'the round id is shown');
    assert.ok(after <= before + 100 * 100, 'a balance after one round');
    await settle(phone);
    await shot('aggregator-dice-EN-390', phone);
    expectNoConsoleErrors(phone);
  });
}
