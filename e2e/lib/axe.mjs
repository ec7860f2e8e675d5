// axe-core (the npm package, never a CDN) in the browser journeys (issue 23, Deliver 4): run it on
// the screen a journey is on and fail on any serious or critical violation.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source = null;
/** axe.min.js, read once per process. */
const axeSource = () => (source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical violations of the page as it is now: [{ id, impact, help, targets }].
 * The source goes in through the DevTools protocol (page.evaluate), so the site's CSP does not
 * stop it. `include` limits the run to a part of the page (e.g. an open dialog).
 */
export async function axeViolations(page, { include } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource());
  return page.evaluate(async ({ include, blocking }) => {
    const context = include ? { include: [[include]] } : document;
    const r = await window.axe.run(context, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => blocking.includes(v.impact))
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, { include, blocking: [...BLOCKING] });
}

/** Throws when axe finds a serious or critical violation on the page (named `label` in the message). */
export async function expectAccessible(page, label, opts) {
  const found = await axeViolations(page, opts);
  if (found.length) {
    throw new Error(`axe: ${found.length} serious/critical on ${label}:\n${found.map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`).join('\n')}`);
  }
}
