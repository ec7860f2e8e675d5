// PM2: N identical instances of the built server (npm run build first) on one PostgreSQL and
// one Redis, behind a load balancer. `pm2 start deploy/ecosystem.config.cjs` ; `pm2 reload lobby`
// restarts them one at a time (each gets SIGTERM and drains; see README "Deployment").
// Settings come from the environment (e.g. `set -a; . /etc/lobby/lobby.env; set +a` first).
const instances = Number(process.env.LOBBY_INSTANCES || 2);
const basePort = Number(process.env.PORT || 8080);
const metricsBase = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;

module.exports = {
  apps: Array.from({ length: instances }, (_, i) => ({
    name: `lobby-${i + 1}`,
    script: 'apps/server/dist/main.js',
    cwd: `${__dirname}/..`,
    node_args: '--enable-source-maps',
    // one process per port (the balancer lists them); pm2's own cluster mode is not used, so
    // each process owns its sockets and the Redis adapter carries pushes between them
    exec_mode: 'fork',
    instances: 1,
    kill_timeout: 35_000, // > SHUTDOWN_DRAIN_SECONDS + SHUTDOWN_TIMEOUT_SECONDS
    wait_ready: false,
    max_memory_restart: '1G',
    env: {
      NODE_ENV: 'production',
      PORT: String(basePort + i),
      ...(metricsBase ? { METRICS_PORT: String(metricsBase + i) } : {}),
      // only the first instance seeds (demo brands); production sets SEED_DEMO=false for all
      SEED_DEMO: i === 0 ? (process.env.SEED_DEMO ?? 'false') : 'false',
    },
  })),
};
