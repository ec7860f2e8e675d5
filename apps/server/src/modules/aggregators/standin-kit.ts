/** Tests only: runs the aggregator stand-in (tools/aggregator-standin) as its own process. Not loaded by the server. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../../../tools/aggregator-standin/server.mjs', import.meta.url));

export interface StandinProcess {
  url: string;
  /** The stand-in's public key (PEM), as its back office hands it out. */
  publicKeyPem: string;
  stop(): Promise<void>;
}

/** Starts a stand-in on a free loopback port with a fresh data dir (its own new key pair). */
export async function startStandinProcess(): Promise<StandinProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aggr-standin-test-'));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, STANDIN_PORT: '0', STANDIN_HOST: '127.0.0.1', STANDIN_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`stand-in did not start: ${out}`)), 15_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`stand-in exited (${code}): ${out}`)));
  });
  child.stdout!.resume();
  const publicKeyPem = await (await fetch(`${url}/backoffice/public-key`)).text();
  return {
    url,
    publicKeyPem,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
