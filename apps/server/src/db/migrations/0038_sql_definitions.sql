-- The SQL functions and triggers are defined in apps/server/src/kernel/ledger/sql and run after
-- the migrations whenever those files change; this table remembers which version ran.
CREATE TABLE IF NOT EXISTS "sql_definitions" (
	"hash" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
