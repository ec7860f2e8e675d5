-- The SQL functions and triggers this migration made are defined, as they stand now, in
-- apps/server/src/kernel/ledger/sql (run after the migrations by db/index.ts runMigrations).
SELECT 1;
