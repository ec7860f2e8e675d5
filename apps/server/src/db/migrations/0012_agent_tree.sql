-- The SQL functions and triggers this migration made are defined, as they stand now, in
-- apps/server/src/kernel/ledger/sql (run after the migrations by db/index.ts runMigrations).
CREATE TABLE "agent_daily_stats" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"first_deposit" boolean DEFAULT false NOT NULL,
	"first_bet" boolean DEFAULT false NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_daily_stats_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_rollup_marks" (
	"source" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_team_daily" (
	"merchant_id" integer NOT NULL,
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"first_bets" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"bettors" integer DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_team_daily_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_team_now" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"team_members" integer DEFAULT 0 NOT NULL,
	"direct_members" integer DEFAULT 0 NOT NULL,
	"team_balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"merchant_id" integer NOT NULL,
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "agent_daily_stats" ADD CONSTRAINT "agent_daily_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_team_daily" ADD CONSTRAINT "agent_team_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_team_now" ADD CONSTRAINT "agent_team_now_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_daily_stats_day" ON "agent_daily_stats" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "member_tree_team" ON "member_tree" USING btree ("ancestor_id","depth","descendant_id");--> statement-breakpoint
CREATE INDEX "member_tree_uplines" ON "member_tree" USING btree ("descendant_id","depth");
--> statement-breakpoint

-- Backfill from parent_id (depth bounded in case old data holds a cycle).
WITH RECURSIVE t AS (
  SELECT merchant_id, id AS ancestor_id, id AS descendant_id, 0 AS depth FROM members
  UNION ALL
  SELECT t.merchant_id, t.ancestor_id, m.id, t.depth + 1
    FROM t JOIN members m ON m.parent_id = t.descendant_id AND m.merchant_id = t.merchant_id
   WHERE t.depth < 1000
)
INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
SELECT merchant_id, ancestor_id, descendant_id, depth FROM t
ON CONFLICT DO NOTHING;
