// A stand-in for a Vietnamese lottery results feed (issue 21), for the tests and the browser
// journeys: it answers the documented feed format (packages/contract/src/lottery.ts,
// vnResultsFeed) from what was posted to it. No dependencies.
//   GET  /results?date=yyyy-MM-dd  -> { "results": [ { region, province?, date, prizes } ] }
//   POST /results  { region, province?, date, prizes }  -> 201 (a later post for the same
//                  region, province and date replaces it)
//   GET  /health   -> { ok: true }
// Env: FEED_PORT (0 = any free port), FEED_HOST (127.0.0.1). Prints "listening on <url>".
import http from 'node:http';

const results = [];
const key = (r) => `${r.region}|${r.province ?? ''}|${r.date}`;

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://feed');
  if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/results') {
    const date = url.searchParams.get('date');
    return json(res, 200, { results: results.filter((r) => !date || r.date === date) });
  }
  if (req.method === 'POST' && url.pathname === '/results') {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      let r;
      try { r = JSON.parse(body); } catch { return json(res, 400, { error: 'not JSON' }); }
      if (!r || typeof r.region !== 'string' || typeof r.date !== 'string' || typeof r.prizes !== 'object') return json(res, 400, { error: 'region, date and prizes are required' });
      const at = results.findIndex((x) => key(x) === key(r));
      if (at >= 0) results.splice(at, 1);
      results.push({ region: r.region, ...(r.province ? { province: r.province } : {}), date: r.date, prizes: r.prizes });
      return json(res, 201, { stored: results.length });
    });
    return undefined;
  }
  return json(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.FEED_PORT ?? 0), process.env.FEED_HOST ?? '127.0.0.1', () => {
  const a = server.address();
  process.stdout.write(`listening on http://${a.address}:${a.port}\n`);
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.close(() => process.exit(0)));
