// `npm run dev`: the API with reload on :8080 and the Vite dev server (proxying the API) on :5173.
import { spawn } from 'node:child_process';

// The aggregator stand-in (tools/aggregator-standin), connected to the demo brand as HUB88; AGGREGATOR_STANDIN=off leaves it out.
let standin = null;
if (process.env.AGGREGATOR_STANDIN !== 'off' && !process.env.AGGREGATOR_STANDIN_URL) {
  const { spawnStandin } = await import('../tools/aggregator-standin/spawn.mjs');
  standin = await spawnStandin({ port: Number(process.env.AGGREGATOR_STANDIN_PORT ?? 8090), dataDir: 'data/aggregator-standin', stdio: 'inherit' });
  process.env.AGGREGATOR_STANDIN_URL = standin.url;
}

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => [...procs, ...(standin ? [standin.child] : [])].forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
