// Issue 9, item 4 (Games) in Chromium: the owner signs in to /console with TOTP, opens Games,
// filters one RNG vendor, turns its first game off and marks another hot; a visitor's lobby
// (/rng?vassalage=) no longer lists the first and shows the hot badge on the other, without a
// restart. A small catalog file is imported (counts shown; the new vendor's games are in the
// lobby at once), imported again (all unchanged), and a file with a bad row is refused with its
// rows listed. Screenshots of the games, vendors and import views at 1366 and 390, ES and EN.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleLogin, consoleMenu, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: it changes the demo brand's catalog. */
export const brands = { demo: {} };

const c = (lang, key) => lookup(lang, key, 'operator-games') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'op-games-'));
const CATALOG = {
  vendors: [{ code: 'RNG-JOURNEY', name: 'Journey Studio', gameType: 'RNG', sort: 1 }],
  games: [
    { nodeId: 'journey-1', gameCode: 'JRN1', name: { ES: 'Viaje de oro', EN: 'Golden journey' }, gameType: 'RNG', vendor: 'RNG-JOURNEY', isHot: true },
    { nodeId: 'journey-2', gameCode: 'JRN2', name: { ES: 'Ruta estelar', EN: 'Star route' }, gameType: 'RNG', vendor: 'RNG-JOURNEY', sort: 1 },
    { nodeId: 'journey-3', gameCode: 'JRN3', name: { ES: 'Mapa secreto', EN: 'Secret map' }, gameType: 'RNG', vendor: 'RNG-JOURNEY', sort: 2, supportPlay: 0 },
  ],
};
const goodFile = path.join(dir, 'catalog.json');
const badFile = path.join(dir, 'catalog-bad.json');
fs.writeFileSync(goodFile, JSON.stringify(CATALOG, null, 2));
fs.writeFileSync(badFile, JSON.stringify({
  vendors: CATALOG.vendors,
  games: [CATALOG.games[0], { ...CATALOG.games[1], name: { ES: 'Solo ES' } }, { ...CATALOG.games[2], vendor: 'RNG-NOWHERE' }],
}));

const menu = (page, lang, item) => consoleMenu(page, c(lang, `console.menu.${item}`));

const tab = (page, lang, name) => page.getByRole('tab', { name: c(lang, `console.gm.tabs.${name}`) }).click();
const row = (page, name) => page.locator('tbody tr', { has: page.locator('b', { hasText: new RegExp(`^${name}$`) }) });

/** The lobby as a visitor sees it: the names listed for a vendor at /rng?vassalage=. */
async function lobbyNames(page, vendor) {
  await page.goto(`/rng?vassalage=${vendor}`);
  await page.locator('.gcard:not(.gcard--skeleton)').first().waitFor();
  return (await page.locator('.gcard__name').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

async function importFile(page, lang, file) {
  await page.getByLabel(c(lang, 'console.gm.import.file')).setInputFiles(file);
  await page.getByRole('button', { name: c(lang, 'console.gm.import.submit'), exact: true }).click();
  return page.getByTestId('import-done').or(page.getByTestId('import-refused')).first();
}

export default async function operatorGames({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const visitor = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let vendor = '';
  let offName = '';
  let hotName = '';

  await step('the owner signs in with TOTP and opens Games', async () => {
    await consoleLogin(owner, OWNER);
    await menu(owner, 'ES', 'games');
    await owner.locator('.gm-games tbody tr').first().waitFor();
  }, { fatal: true });

  await step('filters an RNG vendor; turns its first game off and marks a game that is not hot', async () => {
    await owner.getByLabel(c('ES', 'console.gm.category')).selectOption('RNG');
    const vendorSelect = owner.getByLabel(c('ES', 'console.gm.vendor'));
    await waitUntil(async () => (await vendorSelect.locator('option').count()) > 1, { message: 'no RNG vendors' });
    vendor = await vendorSelect.locator('option').nth(1).getAttribute('value');
    await vendorSelect.selectOption(vendor);
    await waitUntil(async () => (await owner.locator('.gm-games tbody tr code').allInnerTexts()).every((s) => s === vendor), { message: 'vendor filter' });
    const names = (await owner.locator('.gm-games tbody tr td:nth-child(2) b').allInnerTexts()).map((s) => s.trim());
    offName = names[0];
    const markHot = c('ES', 'console.gm.markHot');
    // a game of the lobby's first page (20) that is not hot yet
    for (const n of names.slice(1, 15)) {
      if (await row(owner, n).getByRole('button', { name: markHot, exact: true }).count()) { hotName = n; break; }
    }
    assert.notEqual(hotName, offName);
    const before = await lobbyNames(visitor, vendor);
    assert.ok(before.includes(offName), `${offName} is in the lobby before: ${before}`);

    await row(owner, offName).getByRole('button', { name: c('ES', 'console.gm.turnOff'), exact: true }).click();
    await owner.getByText(c('ES', 'console.gm.saved')).waitFor();
    await row(owner, offName).getByRole('button', { name: c('ES', 'console.gm.turnOn'), exact: true }).waitFor();
    await row(owner, hotName).getByRole('button', { name: markHot, exact: true }).click();
    await row(owner, hotName).locator('.gm-pill-hot').waitFor();
    await settle(owner);
    await shot('games-list-ES-1366', owner);
  }, { fatal: true });

  await step('the lobby no longer lists the game turned off and shows the hot badge on the other', async () => {
    const after = await lobbyNames(visitor, vendor);
    assert.ok(!after.includes(offName), `${offName} is gone from the lobby: ${after}`);
    const card = visitor.locator('.gcard', { has: visitor.locator('.gcard__name', { hasText: new RegExp(`^${hotName}$`) }) });
    await card.locator('.gcard__hot').waitFor();
    await settle(visitor);
    await shot('lobby-after-ES-1366', visitor);
  });

  await step('imports a catalog file: counts shown, the new vendor\'s games are in the lobby at once; again: all unchanged', async () => {
    await tab(owner, 'ES', 'import');
    const done = await importFile(owner, 'ES', goodFile);
    assert.equal(await done.getAttribute('data-testid'), 'import-done');
    const games = done.getByRole('row', { name: new RegExp(c('ES', 'console.gm.import.sections.games')) });
    assert.deepEqual((await games.locator('td').allInnerTexts()).map((s) => s.trim()), ['3', '0', '0']);
    await settle(owner);
    await shot('games-import-done-ES-1366', owner);
    assert.deepEqual(await lobbyNames(visitor, 'RNG-JOURNEY'), ['Viaje de oro', 'Ruta estelar', 'Mapa secreto']);
    await visitor.locator('.gcard', { has: visitor.locator('.gcard__name', { hasText: 'Viaje de oro' }) }).locator('.gcard__hot').waitFor();
    await shot('lobby-imported-ES-1366', visitor);
    const again = await importFile(owner, 'ES', goodFile);
    await waitUntil(async () => (await again.getByRole('row', { name: new RegExp(c('ES', 'console.gm.import.sections.games')) }).locator('td').allInnerTexts()).join() === '0,0,3',
      { message: 'a re-import counts every game unchanged' });
  }, { fatal: true });

  await step('a file with bad rows is refused: each row listed with its field and problem', async () => {
    await importFile(owner, 'ES', badFile);
    await owner.getByTestId('import-refused').waitFor();
    const rows = (await owner.getByTestId('import-refused').locator('tbody tr').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
    assert.equal(rows.length, 2, rows.join(' | '));
    assert.match(rows[0], /name\.EN/);
    assert.match(rows[1], /vendor/);
    await settle(owner);
    await shot('games-import-refused-ES-1366', owner);
    expectNoConsoleErrors(owner, { ignore: [/422/] });
  });

  await step('screenshots: games, vendors and import, ES and EN, 1366 and 390', async () => {
    for (const lang of ['ES', 'EN']) {
      await owner.locator('.oc-top .oc-lang').getByRole('button', { name: lang }).click();
      for (const [size, vp] of [['1366', VIEWPORTS.laptop], ['390', VIEWPORTS.mobile]]) {
        await owner.setViewportSize(vp);
        await tab(owner, lang, 'games');
        await owner.locator('.gm-games tbody tr').first().waitFor();
        await owner.locator('.gm-games tbody input[type=checkbox]').nth(1).check();
        await owner.locator('.gm-bulk').waitFor();
        await settle(owner);
        await shot(`games-list-${lang}-${size}`, owner);
        await owner.locator('.gm-bulk .oc-link').click();
        await tab(owner, lang, 'vendors');
        await owner.locator('tbody tr').first().waitFor();
        await settle(owner);
        await shot(`games-vendors-${lang}-${size}`, owner);
        await tab(owner, lang, 'import');
        await importFile(owner, lang, badFile);
        await owner.getByTestId('import-refused').waitFor();
        await settle(owner);
        await shot(`games-import-${lang}-${size}`, owner, { fullPage: true });
      }
    }
    expectNoConsoleErrors(owner, { ignore: [/422/] });
  });
}
