// Issue 7 item 2 (promotions and reward centre) in Chromium: a visitor browses /promotions and
// filters by type; player01 logs in, opens the daily deposit bonus by its hash and joins it,
// deposits 500.00 in the member centre, the operator API confirms the deposit, the reward
// centre shows "claim" with 100.00 (20%), a double click claims it once, the bonus wallet moves
// by 100.00 and the label becomes "claimed". Screenshots at 1366 and 390 in ES and EN.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { cents, login, operator } from './lib/player.mjs';
import { t } from './lib/web.mjs';

export const timeout = 300_000;

/** A string of the promotions locale (promotions.<lang>.json). */
const s = (lang, key) => t(lang, key, 'promotions');

const depositCard = (page) => page.getByTestId('promo-card').filter({ hasText: 'Recarga diaria' });
const depositItem = (page) => page.getByTestId('reward-item').filter({ has: page.locator('a', { hasText: /Recarga diaria|Daily reload/ }) });
const bonusWallet = async (page) => cents(await page.getByTestId('bonus-wallet').innerText());

export default async function promotionsJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('a visitor browses /promotions, filters by type and is asked to log in', async () => {
    await page.goto('/promotions');
    await depositCard(page).waitFor();
    assert.ok((await page.getByTestId('promo-card').count()) >= 5);
    await depositCard(page).getByRole('button', { name: s('ES', 'promotions.action.login') }).waitFor();
    await page.getByRole('tab', { name: s('ES', 'promotions.type.live') }).click();
    await waitUntil(async () => (await page.getByTestId('promo-card').count()) === 1, { message: 'the live filter did not leave one card' });
    await page.getByRole('tab', { name: s('ES', 'promotions.type.all') }).click();
    await depositCard(page).waitFor();
    await settle(page);
    await shot('promotions-visitor-ES-1366', page, { fullPage: true });
  }, { fatal: true });

  await step('player01 logs in, opens the deposit bonus by its hash and joins it', async () => {
    await login(page);
    await page.goto('/promotions');
    await depositCard(page).getByRole('link', { name: s('ES', 'promotions.details') }).click();
    const detail = page.getByTestId('promo-detail');
    await detail.waitFor();
    assert.match(new URL(page.url()).hash, /^#\d+$/);
    await detail.getByTestId('promo-action').click();
    await detail.getByTestId('promo-label').filter({ hasText: s('ES', 'promotions.label.joined') }).waitFor();
    await settle(page);
    await shot('promotion-detail-joined-ES-1366', page, { fullPage: true });
  }, { fatal: true });

  let start = 0;
  await step('the member deposits 500.00 and the operator confirms it', async () => {
    await page.goto('/member?page=rewardCenter');
    await depositItem(page).getByTestId('promo-label').filter({ hasText: s('ES', 'promotions.label.joined') }).waitFor();
    start = await bonusWallet(page);
    await page.goto('/member?page=depositv2');
    const form = page.getByTestId('deposit-form');
    await form.waitFor();
    await form.getByRole('radio', { name: /SPEI/ }).click();
    await form.getByRole('radio', { name: /BBVA/ }).click();
    await form.getByRole('button', { name: '$ 500', exact: true }).click();
    await form.getByTestId('deposit-submit').click();
    const order = page.getByTestId('deposit-order');
    await order.waitFor();
    const orderNo = (await order.getByTestId('order-no').innerText()).trim();
    await operator(page, 'POST', '/wps/operator/deposit/confirm', { orderNo });
  }, { fatal: true });

  await step('reward centre: claim 100.00 with a double click, paid once into the bonus wallet, label claimed', async () => {
    await page.locator('.member-menu a[data-page="rewardCenter"]').click();
    const item = depositItem(page);
    await item.locator('[data-testid="promo-action"][data-label="claim"]').waitFor({ timeout: 10_000 });
    assert.match(await item.innerText(), /100\.00/);
    await settle(page);
    await shot('reward-centre-claim-ES-1366', page, { fullPage: true });
    await item.getByTestId('promo-action').dblclick();
    await item.getByTestId('promo-label').filter({ hasText: s('ES', 'promotions.label.claimed') }).waitFor();
    await waitUntil(async () => (await bonusWallet(page)) === start + 10_000, { message: 'the bonus wallet did not move by 100.00' });
    const claims = page.getByTestId('reward-claims').locator('li', { hasText: /Recarga diaria/ });
    await claims.first().waitFor();
    assert.equal(await claims.count(), 1, 'one claim row after a double click');
    // a retry through the API answers the first claim and pays nothing more
    const id = await item.getAttribute('data-id');
    const again = await page.evaluate(async (promotionId) => {
      const res = await fetch('/wps/relay/PROMOFE_claim', { method: 'POST', headers: { 'Content-Type': 'application/json', Merchant: 'demo', Authorization: sessionStorage.getItem('token') ?? '' }, body: JSON.stringify({ promotionId }) });
      return res.json();
    }, id);
    assert.equal(again.value?.label ?? again.errorCode, 'claimed');
    await page.reload();
    await depositItem(page).getByTestId('promo-label').filter({ hasText: s('ES', 'promotions.label.claimed') }).waitFor();
    assert.equal(await bonusWallet(page), start + 10_000);
    await settle(page);
    await shot('reward-centre-claimed-ES-1366', page, { fullPage: true });
  });

  for (const lang of ['ES', 'EN']) {
    await step(`screenshots ${lang}: promotions, a detail and the reward centre at 1366 and 390`, async () => {
      await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
      for (const [name, url, ready] of [
        ['promotions', '/promotions', 'promo-card'],
        ['promotion-detail', null, 'promo-detail'],
        ['reward-centre', '/member?page=rewardCenter', 'reward-item'],
      ]) {
        await page.setViewportSize(VIEWPORTS.laptop);
        if (url) await page.goto(url);
        else {
          await page.goto('/promotions');
          await page.getByTestId('promo-card').nth(1).getByRole('link', { name: s(lang, 'promotions.details') }).click();
        }
        await page.getByTestId(ready).first().waitFor();
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
