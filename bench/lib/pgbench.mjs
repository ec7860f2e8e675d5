// The database's own ceiling for seamless bet+win pairs (bench/seamless.mjs --db-ceiling): the
// same seamless_bet / seamless_win functions the server calls, driven by pgbench straight over
// the PostgreSQL protocol (no HTTP, no Node), so the pairs/s it reaches bound what any server in
// front of this database can reach on this machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** pgbench on PATH or beside the PostgreSQL server (Debian: /usr/lib/postgresql/<v>/bin). */
function findPgbench() {
  const dirs = [...(process.env.PATH ?? '').split(':'), ...(fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : [])];
  return dirs.map((d) => path.join(d, 'pgbench')).find((f) => fs.existsSync(f));
}

/**
 * `ctx`: { merchantId, vendor, gameId, gameType, currency, players: [{ memberId, accountId }] }.
 * Writes two lookup tables (player index -> member and account; shard -> house account) into
 * the bench database, then runs pgbench at each connection count for `seconds`: each pgbench
 * transaction is one pair, a bet then a win of a new round, each its own statement and
 * transaction as the server sends them. Answers [{ connections, pairsPerSec, latencyMs }].
 */
export async function dbCeiling(url, ctx, { connections = [5, 100], seconds = 8 } = {}) {
  const pgbench = findPgbench();
  if (!pgbench) throw new Error('--db-ceiling needs pgbench (Debian: postgresql or postgresql-client-<v>)');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create table bench_players (i integer primary key, member bigint not null, acct bigint not null)');
    await c.query('insert into bench_players select i - 1, m, a from unnest($1::bigint[], $2::bigint[]) with ordinality as x(m, a, i)',
      [ctx.players.map((p) => String(p.memberId)), ctx.players.map((p) => String(p.accountId))]);
    await c.query(`create table bench_shards as select shard, id from ledger_accounts where merchant_id = $1 and member_id is null and wallet = 'house'`, [ctx.merchantId]);
    const [{ n }] = (await c.query('select count(*)::int as n from bench_shards')).rows;
    // the stopped server's connections close a moment after it exits
    for (let i = 0; i < 50; i++) {
      const [{ others }] = (await c.query('select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows;
      if (others === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [{ max }] = (await c.query(`select setting::int - (select count(*)::int from pg_stat_activity) - 5 as max from pg_settings where name = 'max_connections'`)).rows;
    const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;
    const m = ctx.merchantId;
    const script = [
      `\\set i random(0, ${ctx.players.length - 1})`,
      `\\set h random(0, ${n - 1})`,
      '\\set r random(1, 9000000000000000)',
      `select b.o_fresh from bench_players p, bench_shards s, seamless_bet(${m}, ${lit(ctx.vendor)}, 'b' || :r, 'r' || :r, p.member, p.acct, s.id, ${lit(ctx.gameId)}, ${lit(ctx.gameType)}, 100, ${lit(ctx.currency)}, 'bench', false, false, NULL) b where p.i = :i and s.shard = :h;`,
      `select w.o_fresh from bench_players p, bench_shards s, seamless_win(${m}, ${lit(ctx.vendor)}, 'w' || :r, 'r' || :r, p.member, p.acct, s.id, 150, ${lit(ctx.currency)}, 'bench', true, false, NULL, NULL, NULL) w where p.i = :i and s.shard = :h;`,
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pgbench-')), 'pair.sql');
    fs.writeFileSync(file, `${script}\n`);
    const u = new URL(url);
    const out = [];
    for (const conns of [...new Set(connections.map((k) => Math.min(k, max)))]) {
      const args = ['-n', '-M', 'prepared', '-f', file, '-c', String(conns), '-j', String(Math.min(conns, os.cpus().length)), '-T', String(seconds),
        '-h', u.hostname || 'localhost', '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)];
      const host = u.searchParams.get('host');
      if (host) args[args.indexOf('-h') + 1] = host;
      const r = spawnSync(pgbench, args, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
      const tps = Number(/tps = ([0-9.]+)/.exec(r.stdout)?.[1]);
      const lat = Number(/latency average = ([0-9.]+) ms/.exec(r.stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(r.stdout)?.[1] ?? 0);
      if (failed) throw new Error(`pgbench: ${failed} failed pairs\n${r.stdout}`);
      out.push({ connections: conns, pairsPerSec: Math.round(tps), latencyMs: lat });
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    return out;
  } finally {
    await c.end();
  }
}
