-- The demo cockfight derby's own books (issue 24 item 2): db/demo-cockfight-schema.ts
CREATE TABLE IF NOT EXISTS "demo_cockfight_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"vendor" text NOT NULL,
	"node_id" text NOT NULL,
	"account" text,
	"player" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"trial_balance" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"language" text DEFAULT 'ES' NOT NULL,
	"back_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_cockfight_sessions_expiry" ON "demo_cockfight_sessions" ("expires_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "demo_cockfight_fights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"node_id" text NOT NULL,
	"fight_no" bigint NOT NULL,
	"fight_id" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'settled')),
	"result" text CHECK ("result" IN ('meron', 'wala', 'draw', 'cancelled')),
	"roll" integer,
	"pools" jsonb,
	"odds" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "demo_cockfight_fights_no" ON "demo_cockfight_fights" ("merchant_id", "node_id", "fight_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_cockfight_fights_open" ON "demo_cockfight_fights" ("status", "ends_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "demo_cockfight_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"fight_ref" bigint NOT NULL REFERENCES "demo_cockfight_fights"("id"),
	"fight_no" bigint NOT NULL,
	"node_id" text NOT NULL,
	"vendor" text NOT NULL,
	"player" text NOT NULL,
	"account" text,
	"session_token" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"side" text NOT NULL CHECK ("side" IN ('meron', 'wala', 'draw')),
	"amount" bigint NOT NULL,
	"odds_at_bet" text NOT NULL,
	"status" text DEFAULT 'placing' NOT NULL CHECK ("status" IN ('placing', 'open', 'settled', 'refunded', 'failed')),
	"state" text CHECK ("state" IN ('won', 'lost', 'push', 'void')),
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_cockfight_bets_player" ON "demo_cockfight_bets" ("merchant_id", "player", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_cockfight_bets_fight" ON "demo_cockfight_bets" ("fight_ref");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_cockfight_bets_pending" ON "demo_cockfight_bets" ("status", "created_at");
