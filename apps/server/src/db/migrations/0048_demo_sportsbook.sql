-- The demo sportsbook's own books (issue 24 item 1): db/demo-sportsbook-schema.ts
CREATE TABLE IF NOT EXISTS "demo_sports_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"vendor" text NOT NULL,
	"node_id" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('sports', 'esports')),
	"account" text,
	"player" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"trial_balance" bigint DEFAULT 0 NOT NULL CHECK ("trial_balance" >= 0),
	"currency" text NOT NULL,
	"language" text DEFAULT 'ES' NOT NULL,
	"back_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_sessions_expiry" ON "demo_sports_sessions" ("expires_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "demo_sports_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('sports', 'esports')),
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"home_strength" integer NOT NULL,
	"away_strength" integer NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"result" jsonb,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_matches_kind" ON "demo_sports_matches" ("kind", "kickoff_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_matches_due" ON "demo_sports_matches" ("ends_at") WHERE settled_at is null;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "demo_sports_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"vendor" text NOT NULL,
	"node_id" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('sports', 'esports')),
	"player" text NOT NULL,
	"account" text,
	"token" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"stake" bigint NOT NULL CHECK ("stake" > 0),
	"potential" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'open', 'settled', 'failed', 'refunded')),
	"result" text CHECK ("result" IN ('won', 'lost', 'push', 'void', 'cashout')),
	"payout" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_bets_player" ON "demo_sports_bets" ("merchant_id", "player", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_bets_owed" ON "demo_sports_bets" ("status", "created_at") WHERE paid_at is null;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "demo_sports_legs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"bet_id" bigint NOT NULL REFERENCES "demo_sports_bets"("id"),
	"match_id" text NOT NULL REFERENCES "demo_sports_matches"("id"),
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"result" text CHECK ("result" IN ('won', 'lost', 'push', 'void'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_legs_bet" ON "demo_sports_legs" ("bet_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "demo_sports_legs_open" ON "demo_sports_legs" ("match_id") WHERE result is null;
