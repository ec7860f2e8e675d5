// Issue 7 item 9 (help centre, feedback, customer service, app download, activity comments) in
// Chromium, on its own server: a visitor reads /help#terms (ES and EN), opens the help popup,
// the live-chat window and the app install guide from the footer; operator help HTML with
// <img onerror> and member text with the same payload are shown without running; player01
// sends feedback with a PNG, the operator answers through the operator API and player01 sees
// the reply; player01 comments on a promotion (140 characters at most) and sees it listed.
// Screenshots ES and EN at 1366 and 390.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { png } from './lib/png.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { api, login, OPERATOR } from './lib/player.mjs';
import { lookup, waitForScreen } from './lib/web.mjs';

export const timeout = 300_000;
const XSS_HELP = '<p>Reglas de la casa.</p><img src="x" onerror="window.__xss=1"><a href="javascript:window.__xss=2">enlace</a><script>window.__xss=3</script>';
/** Its own server: luna's help centre carries the operator-HTML payload (demo keeps its articles). */
export const brands = {
  luna: {
    helpCenter: [
      { term: 'house', title: { ES: 'Reglas de la casa', EN: 'House rules' }, content: { ES: XSS_HELP, EN: XSS_HELP } },
      { term: 'terms', title: { ES: 'Términos', EN: 'Terms' }, content: { ES: '<p>Una cuenta por persona.</p>', EN: '<p>One account per person.</p>' } },
    ],
  },
};

/** A string of help.<lang>.json, else the main locale. */
const h = (lang, key) => lookup(lang, key, 'help') ?? lookup(lang, key);
const stamp = Date.now().toString(36).slice(-5);
const MEMBER_XSS = '<img src=x onerror="window.__xss=9">';

/** A 40×24 gold PNG with a text chunk the server must strip. */
function pngFile() {
  const file = path.join(os.tmpdir(), `feedback-${stamp}.png`);
  fs.writeFileSync(file, png(40, 24, () => [245, 179, 1], 'secret-location'));
  return file;
}

async function both(shot, settle, page, name) {
  await settle(page);
  await shot(`${name}-1366`, page);
  await page.setViewportSize(VIEWPORTS.mobile);
  await settle(page);
  await shot(`${name}-390`, page);
  await page.setViewportSize(VIEWPORTS.laptop);
  await settle(page);
}

export default async function helpJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  for (const lang of ['ES', 'EN']) {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
    await step(`${lang} visitor reads /help#terms, opens the help popup, live chat and the app guide`, async () => {
      await page.goto('/help#terms');
      await waitForScreen(page, { timeout: 30_000 });
      const article = page.getByTestId('help-article');
      await waitUntil(async () => (await article.getAttribute('data-term')) === 'terms', { message: '#terms did not select the terms article' });
      assert.match(await article.innerText(), lang === 'ES' ? /Términos y condiciones/ : /Terms and conditions/);
      await both(shot, settle, page, `help-terms-${lang}`);
      await page.getByRole('navigation', { name: h(lang, 'helpCenter.search') }).getByRole('link', { name: lang === 'ES' ? 'Preguntas frecuentes' : 'FAQ' }).click();
      await waitUntil(async () => (await article.getAttribute('data-term')) === 'faq');
      assert.equal(new URL(page.url()).hash, '#faq');
      const footer = page.getByRole('navigation', { name: h(lang, 'support.title') });
      await footer.getByRole('button', { name: h(lang, 'helpCenter.title') }).click();
      const popup = page.getByTestId('help-popup');
      await popup.waitFor();
      await popup.getByRole('button', { name: lang === 'ES' ? 'Cómo retirar' : 'How to withdraw' }).click();
      await both(shot, settle, page, `help-popup-${lang}`);
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      await footer.getByRole('button', { name: h(lang, 'support.types.LIVECHAT') }).click();
      const chat = page.getByTestId('live-chat');
      await chat.waitFor();
      assert.ok(await chat.getByRole('link', { name: 'Telegram' }).count(), 'the chat window lists the other channels');
      await both(shot, settle, page, `live-chat-visitor-${lang}`);
      await page.keyboard.press('Escape');
      await footer.getByRole('button', { name: h(lang, 'support.download') }).click();
      const guide = page.getByTestId('app-guide');
      await guide.waitFor();
      await guide.locator('.qr__img').first().waitFor();
      assert.equal(await guide.locator('ol li').count(), 4, 'four install steps');
      await both(shot, settle, page, `app-guide-${lang}`);
      await page.keyboard.press('Escape');
      expectNoConsoleErrors(page);
    });
  }

  await step('operator help HTML with <img onerror>, javascript: and <script> is shown without running', async () => {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await page.goto('/');
    const origin = new URL(page.url());
    await page.goto(`${origin.protocol}//luna.localhost:${origin.port}/help#house`);
    const article = page.getByTestId('help-article');
    await article.waitFor({ timeout: 30_000 });
    await article.getByText('Reglas de la casa.').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__xss), undefined, 'operator HTML did not run');
    assert.equal(await article.locator('img[onerror], a[href^="javascript"], script').count(), 0);
    await shot('help-xss-luna-1366', page);
  });

  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const token = () => page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const content = `Mi depósito ${stamp} no llegó ${MEMBER_XSS}`;
  let feedbackId = '';

  await step('player01 sends feedback with a PNG image', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').locator('input[name=username]').waitFor({ timeout: 30_000 });
    await settle(page);
    await login(page, 'player01', 'Player123');
    await page.goto('/member?page=feedback');
    const form = page.getByTestId('feedback-form');
    await form.waitFor({ timeout: 20_000 });
    await form.getByText(h('ES', 'feedback.types.deposit'), { exact: true }).click();
    await form.locator('#fb-content').fill(content);
    await page.getByTestId('feedback-file').setInputFiles(pngFile());
    await form.locator('.fb-thumb img').waitFor();
    await both(shot, settle, page, 'feedback-form-ES');
    await form.getByRole('button', { name: h('ES', 'feedback.send') }).click();
    const item = page.getByTestId('feedback-item').filter({ hasText: stamp });
    await item.waitFor();
    assert.ok((await item.innerText()).includes(MEMBER_XSS), 'member text is shown as text');
    const img = item.locator('.fb-item__images img');
    await img.waitFor();
    const src = await img.getAttribute('src');
    const res = await page.request.get(src);
    assert.equal(res.headers()['content-type'], 'image/png');
    assert.equal(res.headers()['x-content-type-options'], 'nosniff');
    assert.equal((await res.body()).includes(Buffer.from('secret-location')), false, 'metadata stripped');
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    const mine = await api(page, 'GET', '/wps/feedback', { headers: { Merchant: 'demo', Authorization: await token() } });
    feedbackId = mine.list.find((f) => f.content.includes(stamp)).id;
  }, { fatal: true });

  await step('the operator replies and player01 sees the reply', async () => {
    const open = await api(page, 'GET', '/wps/operator/feedback?open=true', { headers: OPERATOR });
    assert.ok(open.list.some((f) => f.id === feedbackId && f.account === 'player01'), 'the operator sees the open feedback');
    await api(page, 'POST', '/wps/operator/feedback/reply', { headers: OPERATOR, data: { id: feedbackId, reply: `Acreditado ${stamp}. ¡Gracias!` } });
    await page.reload();
    const item = page.getByTestId('feedback-item').filter({ hasText: stamp });
    await item.getByTestId('feedback-reply').waitFor({ timeout: 15_000 });
    assert.match(await item.getByTestId('feedback-reply').innerText(), new RegExp(`Acreditado ${stamp}`));
    await both(shot, settle, page, 'feedback-replied-ES');
    expectNoConsoleErrors(page);
  });

  await step('player01 comments on a promotion; the text stays text', async () => {
    await page.goto('/promotions');
    await page.getByTestId('promo-card').first().locator('.promo-card__more').click();
    const box = page.getByTestId('promo-comments');
    await box.waitFor({ timeout: 15_000 });
    const input = box.getByTestId('comment-input');
    await input.fill('x'.repeat(141));
    assert.ok(await box.getByRole('button', { name: h('ES', 'comments.send') }).isDisabled(), '141 characters cannot be posted');
    await input.fill(`¡Gran bono! ${stamp} ${MEMBER_XSS}`);
    await box.getByRole('button', { name: h('ES', 'comments.send') }).click();
    const c = box.getByTestId('comment').filter({ hasText: stamp });
    await c.waitFor();
    assert.ok((await c.innerText()).includes(MEMBER_XSS));
    assert.equal(await box.locator('img[onerror]').count(), 0);
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    await box.scrollIntoViewIfNeeded();
    await both(shot, settle, page, 'promo-comments-ES');
    expectNoConsoleErrors(page);
  });

  await step('EN: feedback page with the reply, comments and the member\'s live-chat window', async () => {
    const en = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'EN', hisLang: 'EN' } });
    // the login popup can re-render while the first chunks load: wait for it to settle first
    await en.goto('/login');
    await en.getByTestId('login-form').locator('input[name=username]').waitFor({ timeout: 30_000 });
    await settle(en);
    await login(en, 'player01', 'Player123');
    await en.goto('/member?page=feedback');
    await en.getByTestId('feedback-item').filter({ hasText: stamp }).getByTestId('feedback-reply').waitFor({ timeout: 20_000 });
    await both(shot, settle, en, 'feedback-replied-EN');
    await en.goto('/promotions');
    await en.getByTestId('promo-card').first().locator('.promo-card__more').click();
    await en.getByTestId('comment').filter({ hasText: stamp }).waitFor({ timeout: 15_000 });
    await en.getByTestId('promo-comments').scrollIntoViewIfNeeded();
    await both(shot, settle, en, 'promo-comments-EN');
    await en.locator('.header__chat').click();
    const chat = en.getByTestId('live-chat');
    await chat.locator('textarea').fill(`Hello support ${stamp}`);
    await chat.getByRole('button', { name: h('EN', 'support.chatSend') }).click();
    await chat.getByText(h('EN', 'support.chatSent')).waitFor();
    await both(shot, settle, en, 'live-chat-member-EN');
    const support = await api(en, 'GET', '/wps/operator/inbox/support', { headers: OPERATOR });
    assert.ok(support.list.some((m) => m.content === `Hello support ${stamp}`), 'the chat message reached the support box');
    expectNoConsoleErrors(en);
  });
}
