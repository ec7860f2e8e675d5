-- The lottery's SQL functions.

-- A published result never changes: seed, result and times are frozen, a settled or void issue
-- keeps its status, a published one cannot be voided, and no issue is ever deleted.
CREATE OR REPLACE FUNCTION lottery_draws_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery draws are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  -- the seed is stored sealed (s1.…, issue 21) until the result is published: it may then be
  -- sealed again (key rotation) or revealed, i.e. replaced by the text whose SHA-256 is seed_hash
  IF NEW.server_seed IS DISTINCT FROM OLD.server_seed AND NOT (
       OLD.published_at IS NULL AND (NEW.server_seed LIKE 's1.%'
         OR encode(sha256(convert_to(NEW.server_seed, 'UTF8')), 'hex') = OLD.seed_hash)) THEN
    RAISE EXCEPTION 'lottery draw identity and seed are immutable' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.seed_hash IS DISTINCT FROM OLD.seed_hash
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

-- Settles up to p_limit open bets of a drawn issue in one transaction, set-based, as
-- seamless_win would one by one: the bets get their status and win, their bet_records are
-- settled (valid bet = stake), each member's wins in the batch are one 'win' posting house ->
-- member through ledger_post_many (idempotency key lottery:<draw>:<member>:L<first winning
-- bet>, meta orderNo <game>-<numero>), and turnover progress is added (turnover_progress). The
-- lottery_bets row is the settlement's claim (no vendor 'win' transaction row: no vendor
-- retries it). A bet wins stake × odds × hits (rules.ts `hits`): lo2 counts every prize whose
-- last 2 digits match; de and num2 the special's last 2, cang3 its last 3; xiên all its numbers
-- among the prizes' last 2 digits; big/small/odd/even the special's digit sum (big from 23). A
-- bet is picked only while 'open', so a rerun after a crash settles only what is left. Bets are
-- split in p_parts parts by id (p_part = 0 .. p_parts - 1) so parts can be settled side by side
-- on several connections (each with its own house shard). Answers how many bets it settled (0:
-- nothing left in the part).
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
  v_tails text[];
  v_sum integer;
  v_member record;
  v_keys text[];
  v_kinds text[];
  v_pmembers bigint[];
  v_metas jsonb[];
  v_li integer[];
  v_la bigint[];
  v_lm bigint[];
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

  -- one 'win' posting per member and batch (the sum of the member's winning bets in it), house
  -- -> member, through ledger_post_many (keys, locks, entries, balances)
  WITH x AS (
    SELECT u.member_id, sum(u.win)::bigint AS win, min(u.id) AS first_id, count(*) AS bets
    FROM unnest(v_ids, v_members, v_wins) AS u(id, member_id, win) WHERE u.win > 0 GROUP BY u.member_id
  ), p AS (
    SELECT x.*, la.id AS acct, (row_number() OVER (ORDER BY x.member_id))::integer AS i
    FROM x JOIN ledger_accounts la ON la.merchant_id = d.merchant_id AND la.member_id = x.member_id AND la.wallet = 'main'
  )
  SELECT
    (SELECT array_agg('lottery:' || d.id || ':' || p.member_id || ':L' || p.first_id ORDER BY p.i) FROM p),
    (SELECT array_agg('win'::text) FROM p),
    (SELECT array_agg(p.member_id ORDER BY p.i) FROM p),
    (SELECT array_agg(jsonb_build_object('vendor', g.vendor, 'game', g.node_id, 'gameType', g.game_type, 'orderNo', g.code || '-' || d.numero,
        'numero', d.numero, 'roundId', 'L' || p.first_id, 'bets', p.bets) ORDER BY p.i) FROM p),
    (SELECT array_agg(l.i ORDER BY l.i, l.a) FROM p CROSS JOIN LATERAL (VALUES (p.i, p.acct, p.win), (p.i, p_house, -p.win)) AS l(i, a, s)),
    (SELECT array_agg(l.a ORDER BY l.i, l.a) FROM p CROSS JOIN LATERAL (VALUES (p.i, p.acct, p.win), (p.i, p_house, -p.win)) AS l(i, a, s)),
    (SELECT array_agg(l.s ORDER BY l.i, l.a) FROM p CROSS JOIN LATERAL (VALUES (p.i, p.acct, p.win), (p.i, p_house, -p.win)) AS l(i, a, s))
    INTO v_keys, v_kinds, v_pmembers, v_metas, v_li, v_la, v_lm;
  IF v_keys IS NOT NULL THEN
    PERFORM count(*) FROM ledger_post_many(d.merchant_id, v_keys, v_kinds, v_pmembers, v_metas, NULL, v_li, v_la, v_lm);
  END IF;

  -- turnover progress (turnover_progress, as seamless_win), only for members who have an open requirement
  FOR v_member IN SELECT x.member_id, sum(x.amount) AS valid FROM unnest(v_members, v_amounts) AS x(member_id, amount)
      WHERE EXISTS (SELECT 1 FROM turnover_requirements t WHERE t.member_id = x.member_id AND t.merchant_id = d.merchant_id AND t.completed_at IS NULL)
      GROUP BY x.member_id LOOP
    PERFORM turnover_progress(d.merchant_id, v_member.member_id, v_member.valid::bigint);
  END LOOP;
  RETURN v_count;
END;
$$;
