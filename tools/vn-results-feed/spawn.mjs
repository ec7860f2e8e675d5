// Starts the VN results feed stand-in (server.mjs) as a child process and answers once it
// listens: { child, url, post(result), stop() }. Used by the server tests and the journeys.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.mjs');

export async function spawnFeed({ port = 0 } = {}) {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, FEED_PORT: String(port), FEED_HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`results feed stand-in did not start: ${out}`)), 10_000);
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`results feed stand-in exited (${code}): ${out}`)); });
  });
  child.stdout.resume();
  const post = async (result) => {
    const r = await fetch(`${url}/results`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) });
    if (r.status !== 201) throw new Error(`results feed stand-in refused the result: ${r.status} ${await r.text()}`);
  };
  const stop = () => new Promise((resolve) => { if (child.exitCode !== null) resolve(); else { child.once('exit', resolve); child.kill('SIGTERM'); } });
  return { child, url, post, stop };
}
