// A bare Fastify server (the same fastify the app uses, resolved from apps/server) answering a
// tiny JSON on GET /bare; the baseline of bench/status-vs-bare.mjs. Prints "listening <port>".
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.resolve(here, '../../apps/server/package.json'));
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, value: { status: 0 } }));
// The same bytes as a real status answer (BARE_BODY_FILE), sent as a string: separates the cost
// of the payload size from the cost of the app's plugin chain.
const body = process.env.BARE_BODY_FILE ? fs.readFileSync(process.env.BARE_BODY_FILE, 'utf8') : '{}';
app.get('/bare-status', (req, reply) => { reply.type('application/json; charset=utf-8').send(body); });
const port = Number(process.env.PORT) || 0;
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
