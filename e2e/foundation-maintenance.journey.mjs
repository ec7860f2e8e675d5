// Issue 2, item 7: the maintenance screen replaces the app when the brand is in maintenance.
// The runner gives this journey its own server, restarted after `brands` is written to the DB.
import assert from 'node:assert/strict';
import { VIEWPORTS } from './lib/harness.mjs';
import { t } from './lib/web.mjs';

export const brands = { demo: { maintenance: { enabled: true } } };

export default async function maintenance({ baseUrl, newPage, step, shots, expectNoConsoleErrors }) {
  await step('status says maintenance (1)', async () => {
    const res = await fetch(`${baseUrl}/wps/system/status`, { headers: { Merchant: 'demo' } });
    const body = await res.json();
    assert.equal(body.success, true, JSON.stringify(body).slice(0, 300));
    assert.equal(body.value.status, 1);
    assert.equal(body.value.maintenance, true);
  }, { fatal: true });

  const page = await newPage({ viewport: VIEWPORTS.laptop });
  await step('maintenance screen replaces the app', async () => {
    await page.goto('/');
    await page.getByText(t('es', 'status.game_maintenance')).first().waitFor();
    assert.equal(await page.locator('#side-menu').count(), 0, 'the app (side menu) is still there');
    await page.getByRole('link', { name: t('es', 'status.customerService') }).first().waitFor();
    expectNoConsoleErrors(page, { ignore: [/status of 503/] });
  });
  await step('maintenance screen on a deep link too', async () => {
    await page.goto('/promotions');
    await page.getByText(t('es', 'status.game_maintenance')).first().waitFor();
    expectNoConsoleErrors(page, { ignore: [/status of 503/] });
  });
  await step('screenshots: maintenance', () => shots('maintenance', page));

  await step('the other brand (luna) is not in maintenance', async () => {
    const res = await fetch(`${baseUrl}/wps/system/status`, { headers: { Merchant: 'luna', 'X-Forwarded-For': '8.8.8.8' } });
    const body = await res.json();
    assert.equal(body.value.maintenance, false);
  });
}
