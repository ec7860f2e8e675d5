// Writes .br and .gz beside every text asset of the built web app, so the server sends them
// precompressed (@fastify/static preCompressed) instead of compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (TEXT.test(e.name)) yield p;
  }
}

let n = 0;
for (const f of files(dist)) {
  const buf = fs.readFileSync(f);
  if (buf.length < 1024) continue;
  fs.writeFileSync(`${f}.gz`, zlib.gzipSync(buf, { level: 9 }));
  fs.writeFileSync(`${f}.br`, zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  n++;
}
console.log(`precompressed ${n} files in ${path.relative(process.cwd(), dist)}`);
