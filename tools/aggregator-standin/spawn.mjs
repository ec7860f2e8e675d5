// Starts the stand-in as a child process (npm start, npm run dev, the browser journeys) and
// answers once it listens: { child, url }. `port` busy → any free port.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.mjs');

const free = (port) => new Promise((resolve) => {
  const s = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
});

export async function spawnStandin({ port = 0, dataDir, stdio = 'pipe' } = {}) {
  const use = port && (await free(port)) ? port : 0;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, STANDIN_PORT: String(use), STANDIN_HOST: '127.0.0.1', ...(dataDir ? { STANDIN_DATA_DIR: dataDir } : {}) },
    stdio: ['ignore', 'pipe', stdio === 'inherit' ? 'inherit' : 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`aggregator stand-in did not start: ${out}`)), 15_000);
    child.stdout.on('data', (c) => {
      out += c;
      if (stdio === 'inherit') process.stdout.write(c);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`aggregator stand-in exited (${code}): ${out}`)); });
  });
  child.stdout.removeAllListeners('data');
  child.stdout.on('data', (c) => { if (stdio === 'inherit') process.stdout.write(c); });
  child.stderr?.resume();
  return { child, url };
}
