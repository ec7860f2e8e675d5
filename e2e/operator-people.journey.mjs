// Issue 9, item 6 (People: move a member, downline in the member file) in Chromium: the owner
// signs in to /console with TOTP, opens weak01's file (upline agent01), moves it under
// subagent01 with the Move dialog (found by name), sees the new upline chain in the file and
// weak01 in subagent01's direct downline; moving agent01 under its own downline is refused with
// the server's message. Screenshots of the file and the dialog at 1366 and 390 wide, ES and EN.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, OWNER } from './lib/console.mjs';
import { VIEWPORTS } from './lib/harness.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: it changes the demo brand's tree. */
export const brands = { demo: {} };

const c = (lang, key) => lookup(lang, key, 'operator-people') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);

const menu = (page, lang, item) => consoleMenu(page, c(lang, `console.menu.${item}`));

/** Searches People for `username` and opens its file. */
async function openFile(page, lang, username) {
  const back = page.locator('.oc-page > button.oc-link'); // the file's "back to the list" (any language)
  if (await back.count()) await back.click();
  else await menu(page, lang, 'people');
  const box = page.getByRole('searchbox', { name: c(lang, 'console.search') });
  await box.fill(username);
  await page.getByRole('button', { name: c(lang, 'console.search'), exact: true }).click();
  const row = page.locator('tr', { has: page.locator('b', { hasText: new RegExp(`^${username}$`) }) });
  await row.getByRole('button', { name: c(lang, 'console.ppl.open') }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`^${username}`) }).waitFor();
  await page.getByTestId('upline-chain').or(page.getByText(c(lang, 'console.pmv.topLevel'))).first().waitFor();
}

const chain = async (page) => (await page.getByTestId('upline-chain').locator('li button').allInnerTexts()).map((s) => s.trim());

/** Opens the Move dialog and picks `agent` found by name. */
async function pick(page, lang, agent) {
  await page.getByRole('button', { name: c(lang, 'console.pmv.move') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill(agent);
  await dialog.getByRole('button', { name: c(lang, 'console.pmv.searchButton'), exact: true }).click();
  await dialog.locator('li', { hasText: agent }).first().getByRole('radio').check();
  await dialog.getByTestId('picked').filter({ hasText: agent }).waitFor();
  return dialog;
}

export default async function operatorPeople({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('the owner signs in with TOTP', async () => {
    await consoleLogin(owner, OWNER);
  }, { fatal: true });

  await step('weak01\'s file shows its upline agent01; agent01\'s file lists its direct downline with team sizes', async () => {
    await openFile(owner, 'ES', 'weak01');
    assert.deepEqual(await chain(owner), ['agent01']);
    await openFile(owner, 'ES', 'agent01');
    const downline = owner.getByTestId('downline');
    await downline.waitFor();
    const names = (await downline.locator('tbody tr td:first-child button').allInnerTexts()).map((s) => s.trim());
    for (const n of ['weak01', 'subagent01', 'player01']) assert.ok(names.includes(n), `${n} in agent01's downline: ${names}`);
    await settle(owner);
    await shot('people-agent-file-ES-1366', owner);
  }, { fatal: true });

  await step('moving agent01 under its own downline is refused with the server\'s message', async () => {
    const dialog = await pick(owner, 'ES', 'subagent01');
    await dialog.getByRole('button', { name: c('ES', 'console.pmv.confirm'), exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /propia línea descendente/);
    await shot('people-move-refused-ES-1366', owner);
    await dialog.getByRole('button', { name: c('ES', 'console.pmv.cancel') }).click();
    expectNoConsoleErrors(owner, { ignore: [/409 \(Conflict\).*people\/move/] });
  });

  await step('weak01 moves from agent01 to subagent01 with the Move dialog; its file shows the new upline chain', async () => {
    await openFile(owner, 'ES', 'weak01');
    const dialog = await pick(owner, 'ES', 'subagent01');
    await dialog.getByLabel(c('ES', 'console.pmv.reason')).fill('Cambio pedido por el agente');
    await settle(owner);
    await shot('people-move-dialog-ES-1366', owner);
    await dialog.getByRole('button', { name: c('ES', 'console.pmv.confirm'), exact: true }).click();
    await owner.getByText(/^weak01 pasó de agent01 a subagent01: 1 miembro movido/).waitFor();
    await owner.waitForFunction(() => document.querySelector('[data-testid=upline-chain]')?.textContent?.includes('subagent01'));
    assert.deepEqual(await chain(owner), ['agent01', 'subagent01']);
    await settle(owner);
    await shot('people-moved-ES-1366', owner);
  }, { fatal: true });

  await step('subagent01\'s file (opened from the chain) lists weak01 in its direct downline', async () => {
    await owner.getByTestId('upline-chain').getByRole('button', { name: 'subagent01' }).click();
    await owner.getByRole('heading', { level: 1, name: /^subagent01/ }).waitFor();
    await owner.getByTestId('downline').getByRole('button', { name: 'weak01' }).waitFor();
    expectNoConsoleErrors(owner);
  });

  await step('screenshots: member file and move dialog, ES and EN, 1366 and 390', async () => {
    for (const lang of ['ES', 'EN']) {
      await owner.locator('.oc-top .oc-lang').getByRole('button', { name: lang }).click();
      for (const [size, vp] of [['1366', VIEWPORTS.laptop], ['390', VIEWPORTS.mobile]]) {
        await owner.setViewportSize(vp);
        await openFile(owner, lang, 'subagent01');
        await owner.getByTestId('downline').waitFor();
        await settle(owner);
        await shot(`people-file-${lang}-${size}`, owner, { fullPage: true });
        const dialog = await pick(owner, lang, 'agent01');
        await settle(owner);
        await shot(`people-move-dialog-${lang}-${size}`, owner);
        await dialog.getByRole('button', { name: c(lang, 'console.pmv.cancel') }).click();
      }
    }
    expectNoConsoleErrors(owner);
  });
}
