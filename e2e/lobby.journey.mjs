// Issue 5 (lobby and games) in Chromium. A visitor browses HOME and the category tabs, searches,
// is asked to log in for FAV, and plays a free trial (play money; the real wallet is never
// touched). player01 tops up through a deposit the operator confirms, favourites a slot, launches
// it for real in the game popup, spins, closes: the header balance moved by exactly payout - bet,
// and the round is in the betting record and the game in /recent. Screenshots ES and EN, desktop
// and phone.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginWithBalance, topUp500 } from './lib/player.mjs';

export const timeout = 300_000;

/** The first game card of a grid with a free-trial button, and its name. */
async function firstTrialCard(page) {
  const card = page.locator('.gcard').filter({ has: page.locator('.gcard__trial') }).first();
  await card.waitFor();
  return { card, name: (await card.locator('.gcard__name').innerText()).trim() };
}

/** The game frame of the popup: waits until the vendor page drew its balance. */
async function gameFrame(page, name) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  const frame = dialog.frameLocator('iframe');
  await frame.locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
  return { dialog, frame };
}

/** Spins the slot once and waits for the round to top its last-10 list; answers its payout - bet in cents. */
async function spinOnce(frame) {
  const rows = frame.locator('.dv-history tbody tr');
  const firstRow = async () => ((await rows.count()) ? rows.first().innerText() : '');
  const [before, topBefore] = [await rows.count(), await firstRow()];
  const play = frame.locator('.dv-btn-play');
  await play.click();
  // The list grows, or (already 10 long) its top row changes; then the play button comes back.
  await waitUntil(async () => (await rows.count()) > before || (before === 10 && (await firstRow()) !== topBefore), { timeout: 20_000, message: 'the round never reached the last-10 list' });
  await waitUntil(async () => !(await play.isDisabled()), { timeout: 20_000, message: 'the spin never ended' });
  const cells = rows.first().locator('td');
  return cents(await cells.nth(2).innerText()) - cents(await cells.nth(1).innerText());
}

export default async function lobby({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const visitor = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('visitor: HOME shows the banner carousel and the game rows', async () => {
    await visitor.goto('/');
    await visitor.locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]').first().waitFor();
    await visitor.getByRole('tablist').waitFor();
    // real cards, not the rows' loading skeletons
    const cards = visitor.locator('.gcard:not(.gcard--skeleton)');
    await cards.first().waitFor();
    assert.ok(await cards.count() >= 12, 'HOME rows show games');
    await settle(visitor);
    await shot('home-ES-1366', visitor);
  }, { fatal: true });

  await step('visitor: a category tab shows a grid; search finds a game by name; FAV asks to log in', async () => {
    const tabs = visitor.getByRole('tablist');
    await tabs.getByRole('tab').nth(2).click(); // HOME, FAV, then the first category (RNG)
    await waitUntil(async () => new URL(visitor.url()).searchParams.get('tab') !== null, { message: 'the tab is not in the URL' });
    await visitor.locator('.gcard').first().waitFor();
    const name = (await visitor.locator('.gcard__name').first().innerText()).trim();
    await shot('tab-RNG-ES-1366', visitor);
    const search = visitor.getByRole('searchbox').first();
    await search.fill(name.slice(0, Math.min(8, name.length)));
    await visitor.locator('.gcard__name', { hasText: name }).first().waitFor();
    await search.fill('');
    await tabs.getByRole('tab').nth(1).click();
    await visitor.getByTestId('login-form').waitFor();
    await visitor.keyboard.press('Escape');
  });

  // Issue 23 item 12 (§9): a game list shows 7 a row at 1920 wide, 6 otherwise (3 on a phone).
  await step('visitor: the game list shows 7 games a row at 1920, 6 at 1366', async () => {
    await visitor.goto('/rng');
    const grid = visitor.locator('.game-grid').first();
    await grid.locator('.gcard:not(.gcard--skeleton)').first().waitFor();
    const perRow = () => grid.evaluate((g) => {
      const tops = [...g.children].map((c) => Math.round(c.getBoundingClientRect().top));
      return tops.filter((t) => t === tops[0]).length;
    });
    for (const [vp, n] of [[VIEWPORTS.desktop, 7], [VIEWPORTS.laptop, 6]]) {
      await visitor.setViewportSize(vp);
      await waitUntil(async () => (await perRow()) === n, { timeout: 3000, message: `not ${n} a row at ${vp.width} (${await perRow()})` });
    }
    await shot('rng-ES-1366', visitor);
  });

  await step('visitor: a free trial opens the game with play money; the wallet is not involved', async () => {
    await visitor.goto('/rng');
    const { card, name } = await firstTrialCard(visitor);
    await card.locator('.gcard__trial').click();
    const { dialog, frame } = await gameFrame(visitor, name);
    await frame.locator('.dv-ribbon').waitFor();
    const start = cents(await frame.locator('.dv-balance-amount').innerText());
    const delta = await spinOnce(frame);
    await waitUntil(async () => cents(await frame.locator('.dv-balance-amount').innerText()) === start + delta, { message: 'play money did not move by payout - bet' });
    await shot('trial-slot-ES-1366', visitor);
    await dialog.getByRole('button', { name: /cerrar/i }).first().click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await visitor.getByTestId('balance').count(), 0, 'still a visitor');
    expectNoConsoleErrors(visitor);
  });

  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('player01 logs in and tops up 500.00 (deposit confirmed by the operator)', async () => {
    await loginWithBalance(page);
    await topUp500(page);
  }, { fatal: true });

  let slotName = '';
  await step('player01 favourites a slot: the heart fills and /favorite lists it', async () => {
    await page.goto('/rng');
    const card = page.locator('.gcard').first();
    await card.waitFor();
    slotName = (await card.locator('.gcard__name').innerText()).trim();
    const heart = card.locator('.gcard__fav');
    if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
    await waitUntil(async () => (await heart.getAttribute('aria-pressed')) === 'true', { message: 'the heart did not fill' });
    await page.goto('/favorite');
    await page.locator('.gcard__name', { hasText: slotName }).first().waitFor();
    await shot('favorite-ES-1366', page);
  });

  await step('player01 launches the slot for real, spins, closes: balance moved by payout - bet', async () => {
    const before = cents(await balanceText(page));
    const card = page.locator('.gcard', { has: page.locator('.gcard__name', { hasText: slotName }) }).first();
    await card.locator('.gcard__play').click();
    const { dialog, frame } = await gameFrame(page, slotName);
    assert.equal(await frame.locator('.dv-ribbon').count(), 0, 'real play has no play-money ribbon');
    assert.equal(cents(await frame.locator('.dv-balance-amount').innerText()), before, 'the game shows the wallet balance');
    const delta = await spinOnce(frame);
    await shot('real-slot-ES-1366', page);
    await dialog.getByRole('button', { name: /cerrar/i }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await waitUntil(async () => cents(await balanceText(page)) === before + delta, { message: `header balance did not become ${before} + ${delta}` });
  });

  await step('the round is in the betting record and the slot in /recent', async () => {
    await page.goto('/member?page=personalHistoryCopy');
    await page.getByText(slotName).first().waitFor();
    await shot('betting-record-ES-1366', page);
    await page.goto('/recent');
    await page.locator('.gcard__name', { hasText: slotName }).first().waitFor();
    expectNoConsoleErrors(page);
  });

  // Issue 23 item 2: on a phone the game is the whole screen, its controls in view at 390×844,
  // 360×640 and held sideways, one close control; closing returns to the lobby with the balance read again.
  await step('phone, EN: home; a real game on /seamless is full-screen and closes to the lobby with the new balance', async () => {
    const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true, storage: { lang: 'EN', hisLang: 'EN' } });
    await phone.goto('/');
    await phone.locator('.gcard').first().waitFor();
    await settle(phone);
    await shot('home-EN-390', phone);
    await loginWithBalance(phone);
    await phone.goto('/rng');
    // the same first slot as above; its name reads in English on this page, so it is found by place, not by its Spanish name
    const card = phone.locator('.gcard').first();
    await card.locator('.gcard__play').click();
    await waitUntil(async () => new URL(phone.url()).pathname === '/seamless', { message: 'phones play on /seamless' });
    const frame = phone.frameLocator('iframe');
    await frame.locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
    const chrome = await phone.evaluate(() => ['.site', '#side-menu', 'footer', '.bottom-nav'].filter((q) => document.querySelector(q)));
    assert.deepEqual(chrome, [], 'site chrome around the game');
    assert.equal(await phone.getByRole('button', { name: /close|back|lobby/i }).count(), 1, 'one close control in the lobby bar');
    assert.equal(await frame.locator('.dv-close').count(), 0, 'the game page shows no second close');
    const inView = async (what, h) => {
      const box = await frame.locator(what).first().boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= h + 1, `${what} not in view at height ${h} (${JSON.stringify(box)})`);
    };
    for (const vp of [{ width: 360, height: 640 }, { width: 844, height: 390 }, VIEWPORTS.mobile]) {
      await phone.setViewportSize(vp);
      await settle(phone);
      await inView('.dv-btn-play', vp.height);
      await inView('.dv-reels', vp.height);
      await shot(`seamless-EN-${vp.width}x${vp.height}`, phone);
    }
    await spinOnce(frame);
    await inView('.dv-reels', VIEWPORTS.mobile.height); // a spin does not scroll the reels away
    const after = cents(await frame.locator('.dv-balance-amount').innerText());
    await phone.getByRole('button', { name: /lobby/i }).click();
    await waitUntil(async () => new URL(phone.url()).pathname === '/rng', { message: 'close did not return to the lobby' });
    await waitUntil(async () => cents(await balanceText(phone)) === after, { message: `the header balance did not become ${after}` });
    expectNoConsoleErrors(phone);
  });
}
