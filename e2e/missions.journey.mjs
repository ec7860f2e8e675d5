// Issue 7 items 4 and 7 (missions, leaderboard and VIP) in Chromium, on its own server: player01
// tops up 500.00 (operator-confirmed deposit), launches three slots for real and plays rounds
// (one with the slot's own button, the others through the demo vendor's play API with the
// launch token, like the game page does); the member-centre badge counts the claimable
// missions, "Bet 10.00 today" shows 100% and a double click claims it once (main balance +1.00,
// a retry answers the same claim); the leaderboard shows player01 first with a masked name; the
// hero shows VIP1 and the VIP page pays the VIP1 reward once. Screenshots ES and EN, 1366 and 390.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { api, cents, loginWithBalance, topUp500 } from './lib/player.mjs';
import { lookup } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: the leaderboard and the missions start empty for player01. */
export const brands = { demo: {} };

/** A string of the missions locale (missions.<lang>.json). */
const s = (lang, key) => lookup(lang, key, 'missions');
const auth = (page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');
const member = async (page) => api(page, 'GET', '/wps/member/info', { headers: { Merchant: 'demo', Authorization: await auth(page) } });
const missionCard = (page, title) => page.getByTestId('mission').filter({ hasText: title });

/** Launches the n-th game of /rng for real and answers the launch token of its game page. */
async function launch(page, n) {
  await page.goto('/rng');
  const card = page.locator('.gcard').filter({ has: page.locator('.gcard__play') }).nth(n);
  await card.waitFor();
  const name = (await card.locator('.gcard__name').innerText()).trim();
  await card.locator('.gcard__play').click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  const frame = dialog.frameLocator('iframe');
  await frame.locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
  const src = await dialog.locator('iframe').getAttribute('src');
  const url = new URL(src, 'http://x');
  assert.match(url.pathname, /\/demo-vendor\/play\/slot5/, 'RNG games play the 5-reel slot');
  return { frame, token: url.searchParams.get('token') };
}

/** One round of the 5-reel slot through the vendor's play API: 0.50 a line on 20 lines = 10.00. */
const playRound = (page, token) => api(page, 'POST', '/demo-vendor/api/play', { data: { token, input: { betPerLine: '0.50' } } });

export default async function missionsJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('player01 logs in and tops up 500.00', async () => {
    // the first visit of a fresh server can be slow: wait for the form before the shared login
    await page.goto('/login');
    await page.getByTestId('login-form').locator('input[name=username]').waitFor({ timeout: 30_000 });
    await settle(page);
    await loginWithBalance(page, 'player01', 'Player123');
    await topUp500(page);
  }, { fatal: true });

  await step('player01 plays five real rounds in three different slots', async () => {
    const first = await launch(page, 0);
    const rows = first.frame.locator('.dv-history tbody tr');
    const before = await rows.count();
    await first.frame.locator('.dv-btn-play').click();
    await waitUntil(async () => (await rows.count()) > before, { timeout: 20_000, message: 'the spin never reached the history' });
    await playRound(page, first.token);
    for (const n of [1, 2]) {
      const g = await launch(page, n);
      const r = await playRound(page, g.token);
      assert.ok(r.round, 'the play API answers the round');
      if (n === 2) await playRound(page, g.token);
    }
  }, { fatal: true });

  let balanceBefore = 0;
  await step('missions: the badge counts claimable missions; "Bet 10.00 today" is complete and claimed once', async () => {
    await page.goto('/member?page=missionLeaderboard');
    const card = missionCard(page, 'Apueste 10 hoy');
    await card.locator('[data-status="claimable"], [data-testid="mission-claim"]').first().waitFor({ timeout: 15_000 });
    assert.equal(await card.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
    // five rounds in three games, a confirmed deposit this week: those missions are complete too
    for (const title of ['Juegue 5 rondas hoy', 'Pruebe 3 juegos distintos hoy', 'Deposite una vez esta semana']) {
      assert.equal(await missionCard(page, title).getAttribute('data-status'), 'claimable', `${title} is claimable`);
    }
    const badge = page.getByTestId('badge-missionLeaderboard');
    await waitUntil(async () => Number(await badge.innerText()) >= 4, { message: 'the mission badge does not count the claimable missions' });
    const badgeBefore = Number(await badge.innerText());
    await settle(page);
    await shot('missions-claimable-ES-1366', page, { fullPage: true });
    balanceBefore = cents((await member(page)).balance);
    await card.getByTestId('mission-claim').dblclick();
    await waitUntil(async () => (await card.getAttribute('data-status')) === 'claimed', { message: 'the mission did not become claimed' });
    await waitUntil(async () => cents((await member(page)).balance) === balanceBefore + 100, { message: 'the main balance did not move by 1.00' });
    await waitUntil(async () => Number(await badge.innerText()) === badgeBefore - 1, { message: 'the badge did not drop by one' });
    // a retry through the API answers the first claim and pays nothing more
    const id = await card.getAttribute('data-id');
    const again = await api(page, 'POST', '/wps/relay/MISSIONFE_claim', { headers: { Merchant: 'demo', Authorization: await auth(page) }, data: { missionId: id } });
    assert.equal(again.status, 'claimed');
    assert.equal(cents((await member(page)).balance), balanceBefore + 100, 'a retry pays nothing');
    await settle(page);
    await shot('missions-claimed-ES-1366', page, { fullPage: true });
  });

  await step('leaderboard: player01 ranks first today with a masked name', async () => {
    const board = page.getByTestId('leaderboard');
    await waitUntil(async () => /#1/.test(await board.getByTestId('leaderboard-mine').innerText()), { timeout: 20_000, message: 'player01 is not #1 on the board' });
    const me = board.locator('[data-testid="leaderboard-row"][data-me="true"]');
    const text = await me.innerText();
    assert.match(text, /pl\*\*\*01/);
    assert.doesNotMatch(text, /player01/);
    await board.getByRole('tab', { name: s('ES', 'missions.board.weekly') }).click();
    await board.locator('[data-testid="leaderboard-row"][data-me="true"]').waitFor();
  });

  await step('VIP: the hero shows VIP1 with progress to VIP2; the VIP1 reward is paid once', async () => {
    await page.goto('/member?page=vip');
    const vipPage = page.getByTestId('page-vip');
    await vipPage.waitFor();
    await waitUntil(async () => (await vipPage.getAttribute('data-level')) === '1', { timeout: 15_000, message: 'player01 is not VIP1' });
    assert.match(await page.getByTestId('vip-strip').first().innerText(), /VIP1[\s\S]*VIP2/);
    const level1 = vipPage.locator('[data-testid="vip-level"][data-level="1"]');
    assert.equal(await level1.getAttribute('data-reward'), 'claimable');
    await settle(page);
    await shot('vip-claimable-ES-1366', page, { fullPage: true });
    const before = cents((await member(page)).balance);
    await level1.getByTestId('vip-claim').dblclick();
    await waitUntil(async () => (await level1.getAttribute('data-reward')) === 'claimed', { message: 'the VIP1 reward did not become claimed' });
    await waitUntil(async () => cents((await member(page)).balance) === before + 500, { message: 'the main balance did not move by 5.00' });
    const info = await member(page);
    assert.equal(info.vipLabel, 'VIP1');
    assert.equal(info.rankLevel, 1);
  });

  for (const lang of ['ES', 'EN']) {
    await step(`screenshots ${lang}: missions and leaderboard, VIP, the member hero at 1366 and 390`, async () => {
      await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
      for (const [name, url, ready] of [
        ['missions', '/member?page=missionLeaderboard', 'mission'],
        ['vip', '/member?page=vip', 'vip-level'],
      ]) {
        await page.setViewportSize(VIEWPORTS.laptop);
        await page.goto(url);
        await page.getByTestId(ready).first().waitFor();
        if (name === 'missions') await page.getByTestId('leaderboard-row').first().waitFor();
        await settle(page);
        await shot(`${name}-${lang}-1366`, page, { fullPage: true });
        await page.setViewportSize(VIEWPORTS.mobile);
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${name} overflows 390 px by ${overflow}px`);
        await shot(`${name}-${lang}-390`, page, { fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS.laptop);
      expectNoConsoleErrors(page);
    });
  }
}
