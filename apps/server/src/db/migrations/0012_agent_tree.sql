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

-- The closure table follows members: a new member gets its self row and one row per ancestor
-- of its parent; a change of parent_id moves the whole subtree (old links out, new links in)
-- inside the updating transaction. Inserts take a shared and moves an exclusive advisory lock
-- of the brand, so a member inserted under a subtree being moved sees the moved ancestors.
CREATE OR REPLACE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'), NEW.merchant_id);
  IF NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM members p WHERE p.id = NEW.parent_id AND p.merchant_id = NEW.merchant_id
  ) THEN RAISE EXCEPTION 'member.parent.invalid'; END IF;
  INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
  SELECT NEW.merchant_id, NEW.id, NEW.id, 0
  UNION ALL
  SELECT NEW.merchant_id, t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.parent_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('member_tree'), NEW.merchant_id);
  IF NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM members p WHERE p.id = NEW.parent_id AND p.merchant_id = NEW.merchant_id
  ) THEN RAISE EXCEPTION 'member.parent.invalid'; END IF;
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree t WHERE t.ancestor_id = NEW.id AND t.descendant_id = NEW.parent_id
  ) THEN RAISE EXCEPTION 'member.tree.cycle'; END IF;
  DELETE FROM member_tree d
   USING member_tree sub, member_tree up
   WHERE sub.ancestor_id = NEW.id AND d.descendant_id = sub.descendant_id
     AND up.descendant_id = NEW.id AND up.depth > 0 AND d.ancestor_id = up.ancestor_id;
  INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
  SELECT NEW.merchant_id, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM member_tree up, member_tree sub
   WHERE up.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
--> statement-breakpoint
CREATE TRIGGER members_tree_move AFTER UPDATE OF parent_id ON members
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION member_tree_move();
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
