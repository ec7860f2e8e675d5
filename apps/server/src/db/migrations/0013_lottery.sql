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
-- A published result never changes: seed, result and times are frozen, a settled or void issue
-- keeps its status, a published one cannot be voided, and no issue is ever deleted.
CREATE OR REPLACE FUNCTION lottery_draws_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery draws are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.server_seed IS DISTINCT FROM OLD.server_seed OR NEW.seed_hash IS DISTINCT FROM OLD.seed_hash
     OR NEW.game_id IS DISTINCT FROM OLD.game_id OR NEW.numero IS DISTINCT FROM OLD.numero OR NEW.merchant_id IS DISTINCT FROM OLD.merchant_id THEN
    RAISE EXCEPTION 'lottery draw identity and seed are immutable' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.published_at IS NOT NULL AND (
       NEW.special IS DISTINCT FROM OLD.special OR NEW.prizes IS DISTINCT FROM OLD.prizes OR NEW.numbers IS DISTINCT FROM OLD.numbers
       OR NEW.published_at IS DISTINCT FROM OLD.published_at OR NEW.draw_at IS DISTINCT FROM OLD.draw_at
       OR NEW.closes_at IS DISTINCT FROM OLD.closes_at OR NEW.status = 'void') THEN
    RAISE EXCEPTION 'a published lottery result is immutable' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status IN ('settled', 'void') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'a % lottery draw keeps its status', OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lottery_draws_guard" BEFORE UPDATE OR DELETE ON "lottery_draws" FOR EACH ROW EXECUTE FUNCTION lottery_draws_guard();
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
--> statement-breakpoint
-- Settles up to p_limit open bets of a drawn issue in one transaction, set-based, as
-- seamless_win would one by one: the bets get their status and win, their bet_records are
-- settled (valid bet = stake), each member's wins in the batch are one 'win' posting house ->
-- member (idempotency key lottery:<draw>:<member>:<first winning bet>, meta orderNo
-- <game>-<numero>) with its entries and balances (the accounts locked in id order first), and
-- turnover progress is added. The lottery_bets row is the settlement's claim (no vendor 'win'
-- transaction row: no vendor retries it). A bet wins
-- stake × odds × hits (rules.ts `hits`): lo2 counts every prize whose last 2 digits match; de
-- and num2 the special's last 2, cang3 its last 3; xiên all its numbers among the prizes' last 2
-- digits; big/small/odd/even the special's digit sum (big from 23). A bet is picked only while
-- 'open', so a rerun after a crash settles only what is left. Bets are split in p_parts parts
-- by id (p_part = 0 .. p_parts - 1) so parts can be settled side by side on several
-- connections (each with its own house shard). Answers how many bets it settled (0: nothing
-- left in the part).
CREATE OR REPLACE FUNCTION lottery_settle(p_draw bigint, p_house bigint, p_limit integer, p_parts integer, p_part integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  d record;
  g record;
  v_ids bigint[];
  v_members bigint[];
  v_amounts bigint[];
  v_wins bigint[];
  v_rounds text[];
  v_count integer;
  v_valid bigint;
  v_used bigint;
  v_tails text[];
  v_sum integer;
  v_member record;
  v_req record;
BEGIN
  SELECT * INTO d FROM lottery_draws WHERE id = p_draw;
  IF NOT FOUND OR d.status <> 'drawn' THEN RETURN 0; END IF;
  SELECT * INTO g FROM lottery_games WHERE id = d.game_id;
  v_tails := ARRAY(SELECT right(n, 2) FROM unnest(d.numbers) n);
  v_sum := (SELECT sum(c::integer) FROM regexp_split_to_table(d.special, '') c);
  WITH picked AS (
    SELECT b.id, b.amount * b.odds_milli::bigint * (CASE b.bet_type
        WHEN 'lo2' THEN coalesce(cardinality(array_positions(v_tails, b.numbers[1])), 0)
        WHEN 'de' THEN (b.numbers[1] = right(d.special, 2))::integer
        WHEN 'num2' THEN (b.numbers[1] = right(d.special, 2))::integer
        WHEN 'cang3' THEN (b.numbers[1] = right(d.special, 3))::integer
        WHEN 'xien2' THEN (b.numbers <@ v_tails)::integer
        WHEN 'xien3' THEN (b.numbers <@ v_tails)::integer
        WHEN 'xien4' THEN (b.numbers <@ v_tails)::integer
        WHEN 'big' THEN (v_sum >= 23)::integer
        WHEN 'small' THEN (v_sum < 23)::integer
        WHEN 'odd' THEN (v_sum % 2 = 1)::integer
        WHEN 'even' THEN (v_sum % 2 = 0)::integer
        ELSE 0 END)::bigint / 1000 AS win
    FROM lottery_bets b WHERE b.draw_id = p_draw AND b.status = 'open' AND b.id % p_parts = p_part
    ORDER BY b.id LIMIT p_limit
  ), upd AS (
    -- no row lock before: a concurrent settlement waits on the update and re-checks 'open'
    UPDATE lottery_bets b SET status = CASE WHEN p.win > 0 THEN 'won' ELSE 'lost' END, win = p.win, settled_at = now()
    FROM picked p WHERE b.id = p.id AND b.status = 'open'
    RETURNING b.id, b.member_id, b.amount, b.win, b.round_id
  )
  SELECT array_agg(id ORDER BY id), array_agg(member_id ORDER BY id), array_agg(amount ORDER BY id), array_agg(win ORDER BY id),
         array_agg(round_id ORDER BY id)
    INTO v_ids, v_members, v_amounts, v_wins, v_rounds FROM upd;
  v_count := coalesce(array_length(v_ids, 1), 0);
  IF v_count = 0 THEN RETURN 0; END IF;

  UPDATE bet_records br SET win = br.win + x.win, valid_bet = br.bet, profit = br.win + x.win - br.bet, status = 'settled',
      settled_at = coalesce(br.settled_at, now())
    FROM unnest(v_rounds, v_members, v_wins) AS x(round_id, member_id, win)
    WHERE br.merchant_id = d.merchant_id AND br.vendor = g.vendor AND br.round_id = x.round_id AND br.member_id = x.member_id
      AND br.status <> 'refunded';

  -- the accounts that move, locked in id order (as ledger_post's callers do)
  PERFORM 1 FROM ledger_accounts la
    WHERE la.id = p_house OR (la.merchant_id = d.merchant_id AND la.wallet = 'main'
      AND la.member_id IN (SELECT DISTINCT x.member_id FROM unnest(v_members, v_wins) AS x(member_id, win) WHERE x.win > 0))
    ORDER BY la.id FOR UPDATE;

  -- one 'win' posting per member and batch: the sum of the member's winning bets in it
  WITH x AS (
    SELECT u.member_id, sum(u.win) AS win, min(u.id) AS first_id, count(*) AS bets
    FROM unnest(v_ids, v_members, v_wins) AS u(id, member_id, win) WHERE u.win > 0 GROUP BY u.member_id
  ), ins AS (
    INSERT INTO postings (merchant_id, kind, idem_key, member_id, meta)
    SELECT d.merchant_id, 'win', 'lottery:' || d.id || ':' || x.member_id || ':L' || x.first_id, x.member_id,
      jsonb_build_object('vendor', g.vendor, 'game', g.node_id, 'gameType', g.game_type, 'orderNo', g.code || '-' || d.numero,
        'numero', d.numero, 'roundId', 'L' || x.first_id, 'bets', x.bets)
    FROM x ORDER BY x.member_id
    ON CONFLICT (merchant_id, idem_key) DO NOTHING
    RETURNING id, member_id
  ), w AS (
    SELECT ins.id AS posting_id, x.win, la.id AS acct, la.balance
    FROM ins JOIN x ON x.member_id = ins.member_id
    JOIN ledger_accounts la ON la.merchant_id = d.merchant_id AND la.member_id = x.member_id AND la.wallet = 'main'
  ), runs AS (
    SELECT w.posting_id, w.acct, w.win, w.balance + w.win AS member_after,
      (SELECT h.balance FROM ledger_accounts h WHERE h.id = p_house) - sum(w.win) OVER (ORDER BY w.posting_id) AS house_after
    FROM w
  ), ent AS (
    INSERT INTO entries (posting_id, account_id, amount, balance_after)
    SELECT posting_id, acct, win, member_after FROM runs
    UNION ALL
    SELECT posting_id, p_house, -win, house_after FROM runs
  )
  UPDATE ledger_accounts la SET balance = la.balance + t.delta
    FROM (SELECT acct, win AS delta FROM w
          UNION ALL SELECT p_house, -sum(win) FROM w HAVING count(*) > 0) t
    WHERE la.id = t.acct;

  -- turnover progress (as seamless_win: open requirements oldest first), only for members who have one
  FOR v_member IN SELECT x.member_id, sum(x.amount) AS valid FROM unnest(v_members, v_amounts) AS x(member_id, amount)
      WHERE EXISTS (SELECT 1 FROM turnover_requirements t WHERE t.member_id = x.member_id AND t.merchant_id = d.merchant_id AND t.completed_at IS NULL)
      GROUP BY x.member_id LOOP
    v_valid := v_member.valid;
    FOR v_req IN SELECT t.id, t.required, t.progress FROM turnover_requirements t
        WHERE t.merchant_id = d.merchant_id AND t.member_id = v_member.member_id AND t.completed_at IS NULL
        ORDER BY t.id FOR UPDATE LOOP
      EXIT WHEN v_valid <= 0;
      v_used := least(v_req.required - v_req.progress, v_valid);
      v_valid := v_valid - v_used;
      UPDATE turnover_requirements SET progress = v_req.progress + v_used,
          completed_at = CASE WHEN v_req.progress + v_used >= v_req.required THEN now() END
        WHERE id = v_req.id;
    END LOOP;
  END LOOP;
  RETURN v_count;
END;
$$;
