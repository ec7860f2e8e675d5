// Lighthouse mobile performance of the home page with the demo data. Goal >= 0.97.
//   node bench/lighthouse.mjs [--runs 3] [--path /] [--no-build]
// Builds when stale, starts the built server (PGlite, demo data), runs Lighthouse 12 (its default
// mobile preset: Moto G power emulation, simulated slow 4G and 4x CPU slowdown) in the system
// Chromium a few times and reports the median score with its metrics, and for each run where the
// time goes: the LCP element and its phases, main-thread work by kind, costliest scripts, long tasks.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/lib/harness.mjs';
import { opt, optText } from './lib/cli.mjs';
import { benchBuild, median, runMain, withSiteServer, writeResult } from './lib/common.mjs';

const GOAL = 0.97;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const ms = (v) => Math.round(Number(v) || 0);

/**
 * Where the time goes (the profile behind a missed goal): the LCP element and its phases, the
 * main-thread work by kind, the scripts that cost the most CPU, and the long tasks.
 */
function why(a) {
  const items = (id) => a[id]?.details?.items ?? [];
  const lcpEl = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  const phases = items('largest-contentful-paint-element')[1]?.items ?? [];
  return {
    lcpElement: lcpEl ? `${lcpEl.nodeLabel ?? ''} ${lcpEl.selector ?? ''}`.trim() : null,
    lcpPhases: Object.fromEntries(phases.map((p) => [p.phase, ms(p.timing)])),
    mainThreadMs: Object.fromEntries(items('mainthread-work-breakdown').map((i) => [i.group, ms(i.duration)])),
    scriptsMs: items('bootup-time').slice(0, 6).map((i) => ({ url: String(i.url).replace(/^https?:\/\/[^/]+/, ''), total: ms(i.total), scripting: ms(i.scripting) })),
    longTasks: items('long-tasks').slice(0, 6).map((i) => ({ url: String(i.url).replace(/^https?:\/\/[^/]+/, ''), start: ms(i.startTime), ms: ms(i.duration) })),
  };
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result.lhr;
    return {
      score: lhr.categories.performance.score,
      metrics: Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? null])),
      why: why(lhr.audits),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

runMain(async () => {
  benchBuild();
  const runs = opt('runs', 3);
  const pagePath = optText('path', '/');
  await withSiteServer('lobby-bench-lh-', async (server) => {
    const url = server.baseUrl + pagePath;
    await audit(url); // warm-up: the server's first answers and the OS file cache
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await audit(url);
      results.push(r);
      console.log(`run ${i + 1}: performance ${r.score} ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      for (const w of r.warnings) console.log(`  warning: ${w}`);
      const y = r.why;
      console.log(`  LCP element: ${y.lcpElement}; phases ${JSON.stringify(y.lcpPhases)}`);
      console.log(`  main thread (ms): ${JSON.stringify(y.mainThreadMs)}`);
      console.log(`  scripts (ms): ${y.scriptsMs.map((x) => `${x.url} ${x.total}`).join(', ')}`);
      console.log(`  long tasks (ms): ${y.longTasks.map((x) => `${x.url || '(page)'} @${x.start} ${x.ms}`).join(', ')}`);
    }
    const score = median(results.map((r) => r.score));
    const figures = [{ figure: `Lighthouse mobile performance (${pagePath})`, value: score, unit: 'score', goal: `>= ${GOAL}`, pass: score >= GOAL }];
    const file = writeResult('lighthouse', figures, { runs: results, path: pagePath });
    console.log(`\nLighthouse mobile performance of ${pagePath}: median ${score} over ${runs} runs; goal >= ${GOAL}: ${score >= GOAL ? 'pass' : 'FAIL'}. Wrote ${file}`);
  });
});
