// Issue 9 item 3 (console rewards) in Chromium, on its own server whose demo brand earns 1 point per
// 0.10 of valid bet: the owner signs in to /console (password + TOTP), opens Rewards, adds a
// points-mall gift and a daily mission with the forms; player01 sees both at once (the mall and
// the member centre's missions), plays one round (100 points), redeems the gift with a delivery
// address; the owner approves the redemption in the review queue and the member's history says
// approved. The owner edits the VIP1 labels and the member's VIP page shows the new label.
// Screenshots of every Rewards tab at 1366x768 and 390x844 in ES and EN.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { api, loginWithBalance, passProof, topUp500 } from './lib/player.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 400_000;
/** Its own server: 1 point per 0.10 of valid bet (a 10.00 round earns 100 points). */
export const brands = { demo: { points: { validBetPerPoint: 10, convertValue: 10, convertMin: 1 } } };

const PIN = '482916';
const GIFT = { ES: 'Gorra de la casa', EN: 'House cap' };
const MISSION = { ES: 'Juegue una ronda hoy (consola)', EN: 'Play one round today (console)' };
const VIP1 = { ES: 'Bronce', EN: 'Bronze' };
const TABS = ['missions', 'points', 'redemptions', 'vip'];

/** A console string: the rewards locale, then the console's, then the site's. */
const c = (lang, key) => lookup(lang, key, 'operator-rewards') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);
const s = (lang, key, file) => lookup(lang, key, file);
const auth = (page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

async function openRewards(page, lang) {
  await consoleMenu(page, c(lang, 'console.menu.rewards'));
  await page.getByRole('heading', { name: c(lang, 'console.menu.rewards'), level: 1 }).waitFor();
}
const tab = (page, lang, name) => page.getByRole('tab', { name: c(lang, `console.rw.tabs.${name}`) }).click();

export default async function operatorRewards({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('the owner signs in and opens Rewards (after Content in the menu)', async () => {
    await consoleLogin(owner);
    const labels = await owner.locator('.oc-side nav a').allInnerTexts();
    assert.ok(labels.some((l) => l.includes(c('ES', 'console.menu.rewards'))), `menu: ${labels.join(', ')}`);
    await openRewards(owner, 'ES');
    await owner.locator('tr[data-mission]').first().waitFor();
  }, { fatal: true });

  await step('the owner adds a points-mall gift with the form (cost 5, stock 3)', async () => {
    await tab(owner, 'ES', 'points');
    await owner.getByRole('button', { name: new RegExp(c('ES', 'console.rw.newReward')) }).click();
    const form = owner.getByRole('form', { name: c('ES', 'console.rw.newReward') });
    await form.getByLabel(c('ES', 'console.rw.nameEs')).fill(GIFT.ES);
    await form.getByLabel(c('ES', 'console.rw.nameEn')).fill(GIFT.EN);
    await form.getByLabel(c('ES', 'console.rw.descEs')).fill('Bordada, talla única.');
    await form.getByLabel(c('ES', 'console.rw.descEn')).fill('Embroidered, one size.');
    await form.getByLabel(c('ES', 'console.rw.cost')).fill('5');
    await form.getByLabel(c('ES', 'console.rw.stock'), { exact: true }).fill('3');
    await form.getByLabel(c('ES', 'console.rw.image')).fill('/wps/points/art/gift.svg');
    await settle(owner);
    await shot('console-reward-form-ES-1366', owner);
    await form.getByRole('button', { name: c('ES', 'console.rw.save') }).click();
    await owner.locator('tr[data-reward]', { hasText: GIFT.ES }).waitFor();
    await owner.getByText(c('ES', 'console.rw.saved')).waitFor();
  }, { fatal: true });

  await step('the owner adds a daily mission with the form (1 round, reward 1.50)', async () => {
    await tab(owner, 'ES', 'missions');
    await owner.getByRole('button', { name: new RegExp(c('ES', 'console.rw.newMission')) }).click();
    const form = owner.getByRole('form', { name: c('ES', 'console.rw.newMission') });
    await form.getByLabel(c('ES', 'console.rw.titleEs')).fill(MISSION.ES);
    await form.getByLabel(c('ES', 'console.rw.titleEn')).fill(MISSION.EN);
    await form.getByLabel(c('ES', 'console.rw.kind')).selectOption('betCount');
    await form.getByLabel(c('ES', 'console.rw.period')).selectOption('daily');
    await form.getByLabel(c('ES', 'console.rw.targetCount')).fill('1');
    await form.getByLabel(c('ES', 'console.rw.rewardAmount')).fill('1.50');
    await shot('console-mission-form-ES-1366', owner);
    await form.getByRole('button', { name: c('ES', 'console.rw.save') }).click();
    await owner.locator('tr[data-mission]', { hasText: MISSION.ES }).waitFor();
    expectNoConsoleErrors(owner);
  }, { fatal: true });

  await step('player01 sees the new gift in the points mall and the new mission in the member centre', async () => {
    await loginWithBalance(player);
    await player.goto('/pointMall');
    await player.getByTestId('reward-card').filter({ hasText: GIFT.ES }).waitFor();
    await player.goto('/member?page=missionLeaderboard');
    await player.getByTestId('mission').filter({ hasText: MISSION.ES }).waitFor();
  }, { fatal: true });

  await step('player01 plays one round (10.00): the mission is complete and 100 points are earned', async () => {
    await topUp500(player);
    await player.goto('/rng');
    const card = player.locator('.gcard').filter({ has: player.locator('.gcard__play') }).first();
    await card.waitFor();
    const name = (await card.locator('.gcard__name').innerText()).trim();
    await card.locator('.gcard__play').click();
    const dialog = player.getByRole('dialog', { name });
    await dialog.waitFor();
    await dialog.frameLocator('iframe').locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
    const token = new URL(await dialog.locator('iframe').getAttribute('src'), 'http://x').searchParams.get('token');
    await api(player, 'POST', '/demo-vendor/api/play', { data: { token, input: { betPerLine: '0.50' } } });
    await player.goto('/member?page=missionLeaderboard');
    const mission = player.getByTestId('mission').filter({ hasText: MISSION.ES });
    await waitUntil(async () => (await mission.getAttribute('data-status')) === 'claimable', { timeout: 20_000, message: 'the console mission never became claimable' });
  }, { fatal: true });

  let orderNo = '';
  await step('player01 redeems the gift with a delivery address (in process)', async () => {
    await player.goto('/pointMall');
    await player.getByRole('tab', { name: s('ES', 'points.tab.convert', 'points') }).click();
    const panel = player.getByTestId('points-convert');
    await panel.locator('input[name=newPaymentPassword]').fill(PIN);
    await panel.locator('input[name=confirmPaymentPassword]').fill(PIN);
    await panel.locator('button[type=submit]').click();
    await passProof(player); // player01 has a mobile bound: a code sent there proves it is the member (issue 18)
    await player.getByTestId('convert-form').waitFor();
    await player.getByRole('tab', { name: s('ES', 'points.tab.rewards', 'points') }).click();
    const card = player.getByTestId('reward-card').filter({ hasText: GIFT.ES });
    await waitUntil(async () => !(await card.getByTestId('reward-redeem').isDisabled()), { timeout: 20_000, message: 'not enough points to redeem' });
    await card.getByTestId('reward-redeem').click();
    const dialog = player.getByTestId('redeem-dialog');
    await dialog.locator('[name=receiver]').fill('Ana López');
    await dialog.locator('[name=address]').fill('Av. Insurgentes Sur 1000, CDMX');
    await dialog.locator('[name=mobile]').fill('+52 55 8765 4321');
    await dialog.locator('[name=paymentPassword]').fill(PIN);
    await dialog.getByTestId('redeem-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await player.getByRole('tab', { name: s('ES', 'points.tab.history', 'points') }).click();
    const row = player.getByTestId('redemption-row').first();
    await waitUntil(async () => (await row.getAttribute('data-status')) === 'process', { message: 'not in process' });
    orderNo = await row.getAttribute('data-order');
    assert.ok(orderNo);
  }, { fatal: true });

  await step('the owner approves it in the review queue; the member\'s history says approved', async () => {
    await tab(owner, 'ES', 'redemptions');
    const row = owner.locator(`tr[data-redemption="${orderNo}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /player01/);
    await settle(owner);
    await shot('console-redemptions-ES-1366', owner);
    await row.getByRole('button', { name: c('ES', 'console.rw.approve') }).click();
    await row.waitFor({ state: 'detached' });
    await player.reload();
    await player.getByRole('tab', { name: s('ES', 'points.tab.history', 'points') }).click();
    await waitUntil(async () => (await player.getByTestId('redemption-row').first().getAttribute('data-status')) === 'approved', { message: 'never approved' });
  });

  await step('the owner renames VIP1 (ES/EN); the member\'s VIP page shows the new label at once', async () => {
    await tab(owner, 'ES', 'vip');
    const row = owner.locator('tr[data-level="1"]');
    await row.getByRole('button', { name: c('ES', 'console.rw.edit') }).click();
    const form = owner.getByRole('form', { name: `${c('ES', 'console.rw.edit')} VIP1` });
    await form.getByLabel(c('ES', 'console.rw.labelEs')).fill(VIP1.ES);
    await form.getByLabel(c('ES', 'console.rw.labelEn')).fill(VIP1.EN);
    await form.getByRole('button', { name: c('ES', 'console.rw.save') }).click();
    await row.getByText(VIP1.ES).waitFor();
    const vip = await api(player, 'GET', '/wps/relay/VIPFE_getVip', { headers: { Merchant: 'demo', Language: 'EN', Authorization: await auth(player) } });
    assert.equal(vip.levels.find((l) => l.level === 1).label, VIP1.EN);
    await player.goto('/member?page=vip');
    await player.getByText(VIP1.ES).first().waitFor();
  });

  for (const lang of ['ES', 'EN']) {
    await step(`screenshots ${lang}: every Rewards tab at 1366 and 390`, async () => {
      const p = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
      await consoleLogin(p);
      await openRewards(p, lang);
      for (const size of ['1366', '390']) {
        if (size === '390') {
          await p.setViewportSize(VIEWPORTS.mobile);
          await settle(p);
        }
        for (const name of TABS) {
          await tab(p, lang, name);
          // the review queue is empty again: show the approved redemption
          if (name === 'redemptions') await p.getByRole('tab', { name: c(lang, 'console.rw.status.approved') }).click();
          await p.locator('.oc-table tbody tr').first().waitFor();
          await settle(p);
          await shot(`console-rewards-${name}-${lang}-${size}`, p);
        }
      }
      await tab(p, lang, 'vip');
      await p.locator('tr[data-level="2"]').getByRole('button', { name: c(lang, 'console.rw.edit') }).click();
      const form = p.getByRole('form', { name: `${c(lang, 'console.rw.edit')} VIP2` });
      await form.getByLabel(c(lang, 'console.rw.minDeposit')).fill('1');
      await form.getByRole('button', { name: c(lang, 'console.rw.save') }).click();
      await form.getByRole('alert').waitFor();
      assert.match(await form.getByRole('alert').innerText(), lang === 'ES' ? /umbrales/ : /Thresholds/);
      await settle(p);
      await shot(`console-vip-error-${lang}-390`, p);
      expectNoConsoleErrors(p, { ignore: [/status of 400/] });
      await p.close();
    });
  }
}
