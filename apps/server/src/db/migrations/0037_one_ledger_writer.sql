-- One ledger writer (issue 19): the posting rules exist once, in ledger_post_many (0024).
-- ledger_post becomes its one-posting form; seamless_bet and seamless_win post through it
-- (seamless_post) instead of writing postings, entries and balances inline (0033), and claim
-- the vendor tx id through seamless_claim (0011) again; the turnover progress of seamless_win and
-- lottery_settle is one function, turnover_progress. Arguments, answers, refusals, error codes,
-- idempotency and lock order are unchanged. The current definition of every SQL function is in
-- apps/server/src/kernel/ledger/sql/ (functions.test.ts checks the migrations end there).

-- One posting: ledger_post_many with a batch of one (the same key claim, account locks in id
-- order, brand check, entries with the balance after each, refusals and error codes); the lines
-- may come in any order. A key already applied returns the first posting's entries with
-- applied = false. Rows: one per entry, in account order. Generic plans: for one posting the
-- batch statements would otherwise be planned again on every call (about half its time).
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant integer, p_kind text, p_idem text, p_member bigint, p_meta jsonb, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE(out_posting bigint, out_applied boolean, out_kind text, out_account bigint, out_balance bigint)
LANGUAGE sql SET plan_cache_mode = force_generic_plan AS $$
  SELECT m.out_posting, m.out_applied, m.out_kind, m.out_account, m.out_balance
    FROM ledger_post_many(p_merchant, ARRAY[p_idem], ARRAY[p_kind], ARRAY[p_member], ARRAY[p_meta], ARRAY[p_reverses],
      array_fill(1, ARRAY[coalesce(cardinality(p_accounts), 0)]), p_accounts, p_amounts) m
$$;
--> statement-breakpoint
-- Turnover progress in SQL: the bets' valid amount counted
-- against a member's open turnover requirements, oldest first (as addTurnoverProgress in
-- cashier/turnover.ts), each locked as it is read. Used by seamless_win and lottery_settle.
CREATE OR REPLACE FUNCTION turnover_progress(p_merchant integer, p_member bigint, p_valid bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_valid bigint := p_valid;
  v_used bigint;
  r record;
BEGIN
  FOR r IN SELECT t.id, t.required, t.progress FROM turnover_requirements t
      WHERE t.merchant_id = p_merchant AND t.member_id = p_member AND t.completed_at IS NULL
      ORDER BY t.id FOR UPDATE LOOP
    EXIT WHEN v_valid <= 0;
    v_used := least(r.required - r.progress, v_valid);
    v_valid := v_valid - v_used;
    UPDATE turnover_requirements SET progress = r.progress + v_used,
        completed_at = CASE WHEN r.progress + v_used >= r.required THEN now() END
      WHERE id = r.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- One posting of two lines through ledger_post, p_amount from p_other to p_acct: the posting id
-- and p_acct's balance after it. A key applied before answers its first posting; under another
-- kind (or without a line on p_acct) it is 'wallet.duplicate.reference'.
CREATE OR REPLACE FUNCTION seamless_post(
  p_merchant integer, p_kind text, p_idem text, p_member bigint, p_meta jsonb,
  p_acct bigint, p_other bigint, p_amount bigint,
  OUT o_posting bigint, OUT o_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
BEGIN
  SELECT l.out_posting, l.out_balance, l.out_kind INTO o_posting, o_balance, v_kind
    FROM ledger_post(p_merchant, p_kind, p_idem, p_member, p_meta, NULL, ARRAY[p_acct, p_other], ARRAY[p_amount, -p_amount]) l
    WHERE l.out_account = p_acct;
  IF v_kind IS DISTINCT FROM p_kind THEN
    RAISE EXCEPTION 'wallet.duplicate.reference' USING ERRCODE = 'P0001';
  END IF;
END;
$$;
--> statement-breakpoint
-- A bet: claim, live session, member -> house posting, bet record, stored answer.
CREATE OR REPLACE FUNCTION seamless_bet(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_game text, p_game_type text, p_amount bigint, p_currency text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_balance bigint;
BEGIN
  SELECT c.o_id, c.o_kind, c.o_member, c.o_status, c.o_answer INTO v_id, o_kind, o_member, o_status, o_answer
    FROM seamless_claim(p_merchant, p_vendor, p_tx, p_round, p_member, 'bet', p_amount) c;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN RETURN; END IF;
  PERFORM 1 FROM sessions
    WHERE merchant_id = p_merchant AND member_id = p_member AND revoked_at IS NULL AND expires_at > now() LIMIT 1;
  IF NOT FOUND THEN RAISE EXCEPTION 'vendor.session.invalid' USING ERRCODE = 'P0001'; END IF;
  SELECT p.o_posting, p.o_balance INTO v_posting, v_balance
    FROM seamless_post(p_merchant, 'bet', 'vendor:' || p_vendor || ':' || p_tx, p_member,
      jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', p_game, 'gameType', p_game_type),
      p_acct, p_house, -p_amount) p;
  INSERT INTO bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet)
    VALUES (p_merchant, p_member, 'BR' || v_posting, p_vendor, p_game, p_game_type, p_round, p_amount);
  o_answer := jsonb_build_object('balance', seamless_amount(v_balance), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'bet'; o_member := p_member; o_status := 'applied';
END;
$$;
--> statement-breakpoint
-- A win: claim, the round's open bets (the win goes to the first, all are settled), house ->
-- member posting when the amount is not 0, turnover progress of the newly valid bets
-- (turnover_progress, turnover.sql), stored answer.
CREATE OR REPLACE FUNCTION seamless_win(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_amount bigint, p_currency text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb, OUT o_moved boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_balance bigint;
  v_first boolean := true;
  v_valid bigint := 0;
  r record;
BEGIN
  o_moved := false;
  SELECT c.o_id, c.o_kind, c.o_member, c.o_status, c.o_answer INTO v_id, o_kind, o_member, o_status, o_answer
    FROM seamless_claim(p_merchant, p_vendor, p_tx, p_round, p_member, 'win', p_amount) c;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN RETURN; END IF;
  FOR r IN SELECT b.id, b.bet, b.win, b.status, b.game, b.game_type, b.settled_at FROM bet_records b
      -- member_id + 0: found by bet_records_round, never by bet_records_member (which a planner
      -- without statistics may pick, reading the member's whole bet history on every win)
      WHERE b.merchant_id = p_merchant AND b.vendor = p_vendor AND b.round_id = p_round AND b.member_id + 0 = p_member
        AND b.status <> 'refunded'
      ORDER BY b.id FOR UPDATE LOOP
    IF v_first THEN
      IF p_amount > 0 THEN
        SELECT p.o_posting, p.o_balance INTO v_posting, v_balance
          FROM seamless_post(p_merchant, 'win', 'vendor:' || p_vendor || ':' || p_tx, p_member,
            jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', r.game, 'gameType', r.game_type),
            p_acct, p_house, p_amount) p;
      ELSE
        SELECT balance INTO v_balance FROM ledger_accounts WHERE id = p_acct;
      END IF;
    END IF;
    IF r.status = 'open' THEN v_valid := v_valid + r.bet; END IF;
    UPDATE bet_records SET win = r.win + CASE WHEN v_first THEN p_amount ELSE 0 END, valid_bet = r.bet,
        profit = r.win + CASE WHEN v_first THEN p_amount ELSE 0 END - r.bet, status = 'settled',
        settled_at = coalesce(r.settled_at, now())
      WHERE id = r.id;
    v_first := false;
  END LOOP;
  IF v_first THEN RAISE EXCEPTION 'vendor.round.unknown' USING ERRCODE = 'P0001'; END IF;
  IF v_valid > 0 THEN PERFORM turnover_progress(p_merchant, p_member, v_valid); END IF;
  o_answer := jsonb_build_object('balance', seamless_amount(coalesce(v_balance, 0)), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'win'; o_member := p_member; o_status := 'applied'; o_moved := v_posting IS NOT NULL;
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
