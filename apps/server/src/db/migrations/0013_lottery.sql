-- The SQL functions and triggers this migration made are defined, as they stand now, in
-- apps/server/src/kernel/ledger/sql (run after the migrations by db/index.ts runMigrations).
-- Lottery (issue 6): games per brand, issues (draws) with their committed seed and published
-- result (immutable once published), bets (debited through the seamless wallet: each bet is a
-- vendor round with a bet_records row), the per-number exposure, and set-based settlement.
CREATE TABLE "lottery_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('fast', 'vn')),
	"region" text CHECK ("region" IN ('north', 'central', 'south')),
	"interval_seconds" integer CHECK ("interval_seconds" BETWEEN 30 AND 86400),
	"draw_minute" integer CHECK ("draw_minute" BETWEEN 0 AND 1439),
	"cutoff_seconds" integer NOT NULL CHECK ("cutoff_seconds" >= 0),
	"prize_modes" text[] NOT NULL,
	"default_prize_mode" text NOT NULL,
	"game_type" text NOT NULL,
	"vendor" text NOT NULL,
	"node_id" text NOT NULL,
	"min_bet" bigint NOT NULL CHECK ("min_bet" > 0),
	"max_bet" bigint NOT NULL,
	"max_per_number" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lottery_games_schedule" CHECK (("kind" = 'fast' AND "interval_seconds" IS NOT NULL) OR ("kind" = 'vn' AND "region" IS NOT NULL AND "draw_minute" IS NOT NULL)),
	CONSTRAINT "lottery_games_limits" CHECK ("max_bet" >= "min_bet" AND "max_per_number" >= "max_bet")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code" ON "lottery_games" USING btree ("merchant_id", "code");
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"game_id" integer NOT NULL REFERENCES "lottery_games"("id"),
	"numero" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'closed', 'drawn', 'settled', 'void')),
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"special" text,
	"prizes" jsonb,
	"numbers" text[],
	"published_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_times" CHECK ("opens_at" <= "closes_at" AND "closes_at" <= "draw_at"),
	CONSTRAINT "lottery_draws_result" CHECK (("published_at" IS NULL) = ("special" IS NULL) AND ("special" IS NULL) = ("numbers" IS NULL)),
	CONSTRAINT "lottery_draws_published" CHECK ("status" NOT IN ('drawn', 'settled') OR "published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_numero" ON "lottery_draws" USING btree ("game_id", "numero");
--> statement-breakpoint
CREATE INDEX "lottery_draws_due" ON "lottery_draws" USING btree ("draw_at") WHERE "status" IN ('open', 'closed', 'drawn');
--> statement-breakpoint
CREATE INDEX "lottery_draws_history" ON "lottery_draws" USING btree ("game_id", "draw_at");
--> statement-breakpoint
CREATE TABLE "lottery_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"game_id" integer NOT NULL REFERENCES "lottery_games"("id"),
	"draw_id" bigint NOT NULL REFERENCES "lottery_draws"("id"),
	"request_id" text NOT NULL,
	"idx" smallint NOT NULL,
	"bet_type" text NOT NULL,
	"numbers" text[] NOT NULL,
	"num_key" text NOT NULL,
	"prize_mode" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"odds_milli" integer NOT NULL CHECK ("odds_milli" > 0),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'open', 'won', 'lost', 'void', 'failed')),
	"win" bigint DEFAULT 0 NOT NULL CHECK ("win" >= 0),
	"tx_id" text NOT NULL,
	"round_id" text NOT NULL,
	"bet_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_request" ON "lottery_bets" USING btree ("merchant_id", "member_id", "request_id", "idx");
--> statement-breakpoint
-- no status in the index (and room left in each page): settling a bet is a HOT update
CREATE INDEX "lottery_bets_draw" ON "lottery_bets" USING btree ("draw_id", "id");
--> statement-breakpoint
CREATE INDEX "lottery_bets_member" ON "lottery_bets" USING btree ("merchant_id", "member_id", "bet_at");
--> statement-breakpoint
-- Stakes taken per issue, bet type and number (or xiên combination): the per-number limit.
CREATE TABLE "lottery_exposure" (
	"draw_id" bigint NOT NULL REFERENCES "lottery_draws"("id"),
	"bet_type" text NOT NULL,
	"num_key" text NOT NULL,
	"total" bigint NOT NULL CHECK ("total" >= 0),
	CONSTRAINT "lottery_exposure_pk" PRIMARY KEY ("draw_id", "bet_type", "num_key")
);
