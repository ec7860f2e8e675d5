#!/usr/bin/env node
// Runs the aggregator stand-in (see app.mjs and README.md).
//   STANDIN_PORT (8090; 0 = any free port), STANDIN_HOST (127.0.0.1),
//   STANDIN_PUBLIC_URL (http://<host>:<port>), STANDIN_DATA_DIR (<os tmp>/lobby-aggregator-standin)
// Prints "aggregator stand-in listening on <url>" once it answers.
import os from 'node:os';
import path from 'node:path';
import { startStandin } from './app.mjs';

const env = process.env;
const s = await startStandin({
  dataDir: env.STANDIN_DATA_DIR || path.join(os.tmpdir(), 'lobby-aggregator-standin'),
  port: env.STANDIN_PORT === undefined ? 8090 : Number(env.STANDIN_PORT),
  host: env.STANDIN_HOST || '127.0.0.1',
  publicUrl: env.STANDIN_PUBLIC_URL || undefined,
  log: (line) => console.log(`[aggregator-standin] ${line}`),
});
console.log(`aggregator stand-in listening on ${s.url}`);
const stop = () => s.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
