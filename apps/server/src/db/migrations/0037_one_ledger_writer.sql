-- One ledger writer (issue 19): the posting rules exist once. ledger_apply writes a claimed
-- posting's entries and balances, line by line, for both ledger_post (0007) and
-- ledger_post_many (0024, which keeps its checks, its set-based key claim and its locking of
-- all accounts in id order first); seamless_bet and seamless_win post through seamless_post and
-- ledger_post again instead of writing postings, entries and balances inline (0033), and claim
-- the vendor tx id through seamless_claim (0011); the turnover progress of seamless_win and
-- lottery_settle is one function, turnover_progress, and the agent tree's triggers share their
-- parent check (member_tree_parent_check). Arguments, answers, refusals, error codes,
-- idempotency and lock order are unchanged. The current definition of every SQL function is in
-- apps/server/src/kernel/ledger/sql/ (functions.test.ts checks that the migrations end there).

-- The posting rules' writing half, for postings just claimed (ledger_post, ledger_post_many):
-- line by line in the order given, the account's balance moves (it must be an account of the
-- brand, foreign_key_violation otherwise; a balance that may not go negative fails with the
-- CHECK's check_violation on ledger_balance_not_negative, at any entry) and the entry is written
-- with the balance after it. The order given is the lock order: a posting's accounts in id
-- order, or (ledger_post_many) all of them locked in id order before. Rows: one per entry.
CREATE OR REPLACE FUNCTION ledger_apply(p_merchant integer, p_postings bigint[], p_accounts bigint[], p_amounts bigint[])
RETURNS TABLE(out_posting bigint, out_account bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_accounts), 0) LOOP
    UPDATE ledger_accounts SET balance = balance + p_amounts[i] WHERE id = p_accounts[i] AND merchant_id = p_merchant
      RETURNING balance INTO out_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_accounts[i], p_merchant USING ERRCODE = 'foreign_key_violation';
    END IF;
    INSERT INTO entries (posting_id, account_id, amount, balance_after) VALUES (p_postings[i], p_accounts[i], p_amounts[i], out_balance);
    out_posting := p_postings[i];
    out_account := p_accounts[i];
    RETURN NEXT;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Many postings in one statement: ledger_post_many (set-based). Callers that post thousands at
-- once (lottery settlement, contract payouts) go through it, with these rules:
-- * every posting has at least one non-zero line and its lines sum to zero, else the whole
--   batch is refused (data_exception, nothing written);
-- * each posting is claimed by its idempotency key (unique per brand): a key already applied
--   keeps its first posting, moves nothing and is answered with applied = false and that
--   posting's entries; a key named twice in one batch refuses the batch;
-- * the accounts that move are locked in id order, all must be the brand's
--   (foreign_key_violation otherwise); then ledger_apply writes the entries, each with its
--   account's balance after it (postings in id order); a balance that may not go negative and
--   would, at any entry, fails with check_violation on ledger_balance_not_negative, the whole
--   batch undone;
-- * entries and postings stay immutable (ledger_immutable's triggers).
-- Postings are applied in the order given (their ids and balances after follow it); keys are
-- claimed before the accounts are locked (two batches sharing keys at the same time should list
-- them in one order). Lines of one posting on one account are merged.
-- Arguments: per posting p_keys, p_kinds and optionally p_members, p_metas, p_reverses (NULL
-- or one per posting); per line p_line_posting (the posting's 1-based index), p_accounts,
-- p_amounts. Answers one row per entry: the posting's index, id, applied, kind, account and
-- the balance after the entry.
CREATE OR REPLACE FUNCTION ledger_post_many(
  p_merchant integer, p_keys text[], p_kinds text[], p_members bigint[], p_metas jsonb[], p_reverses bigint[],
  p_line_posting integer[], p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE(out_idx integer, out_posting bigint, out_applied boolean, out_kind text, out_account bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(cardinality(p_keys), 0);
  m integer := coalesce(cardinality(p_line_posting), 0);
  v_bad integer;
  v_acct bigint;
  v_li integer[];
  v_la bigint[];
  v_lm bigint[];
  v_fi integer[];
  v_fid bigint[];
  v_fk text[];
  v_ep bigint[];
  v_ea bigint[];
  v_em bigint[];
  v_accts bigint[];
  v_locked integer;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  IF coalesce(cardinality(p_kinds), 0) <> n OR cardinality(p_members) <> n OR cardinality(p_metas) <> n
     OR cardinality(p_reverses) <> n OR coalesce(cardinality(p_accounts), 0) <> m OR coalesce(cardinality(p_amounts), 0) <> m THEN
    RAISE EXCEPTION 'ledger: batch arrays of different lengths' USING ERRCODE = 'data_exception';
  END IF;
  IF array_position(p_keys, NULL) IS NOT NULL OR array_position(p_kinds, NULL) IS NOT NULL
     OR array_position(p_line_posting, NULL) IS NOT NULL OR array_position(p_accounts, NULL) IS NOT NULL
     OR array_position(p_amounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: batch with an empty key, kind, posting index, account or amount' USING ERRCODE = 'data_exception';
  END IF;
  IF (SELECT count(DISTINCT k) FROM unnest(p_keys) k) <> n THEN
    RAISE EXCEPTION 'ledger: a batch names an idempotency key twice' USING ERRCODE = 'data_exception';
  END IF;
  SELECT min(i) INTO v_bad FROM unnest(p_line_posting) i WHERE i < 1 OR i > n;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: a line names posting %, the batch has %', v_bad, n USING ERRCODE = 'data_exception';
  END IF;

  -- lines merged per posting and account, zero lines dropped, in posting then account order
  SELECT array_agg(l.i ORDER BY l.i, l.a), array_agg(l.a ORDER BY l.i, l.a), array_agg(l.s ORDER BY l.i, l.a)
    INTO v_li, v_la, v_lm
    FROM (SELECT u.i, u.a, sum(u.s)::bigint AS s FROM unnest(p_line_posting, p_accounts, p_amounts) AS u(i, a, s)
          GROUP BY u.i, u.a HAVING sum(u.s) <> 0) l;

  -- every posting has a line and balances
  SELECT k.i INTO v_bad FROM generate_series(1, n) k(i)
    LEFT JOIN (SELECT u.i, sum(u.s) AS s FROM unnest(v_li, v_lm) AS u(i, s) GROUP BY u.i) t ON t.i = k.i
    WHERE t.i IS NULL OR t.s <> 0 ORDER BY k.i LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: posting % of the batch (%) does not balance', v_bad, p_keys[v_bad] USING ERRCODE = 'data_exception';
  END IF;

  -- claim the keys; a key already there keeps its first posting
  -- (arrays read by unnest, never by subscript: a subscript copies the whole array each time)
  WITH ins AS (
    INSERT INTO postings (merchant_id, kind, idem_key, member_id, meta, reverses)
    SELECT p_merchant, k.kind, k.key, k.member, coalesce(k.meta, '{}'::jsonb), k.rev
      FROM unnest(p_keys, p_kinds, p_members, p_metas, p_reverses) WITH ORDINALITY AS k(key, kind, member, meta, rev, i) ORDER BY k.i
    ON CONFLICT (merchant_id, idem_key) DO NOTHING
    RETURNING id, idem_key, kind)
  SELECT array_agg(k.i::integer ORDER BY ins.id), array_agg(ins.id ORDER BY ins.id), array_agg(ins.kind ORDER BY ins.id)
    INTO v_fi, v_fid, v_fk
    FROM ins JOIN unnest(p_keys) WITH ORDINALITY AS k(key, i) ON k.key = ins.idem_key;

  IF v_fi IS NOT NULL THEN
    -- the new postings' lines, in posting id then account order
    SELECT array_agg(f.id ORDER BY f.id, l.a), array_agg(l.a ORDER BY f.id, l.a), array_agg(l.s ORDER BY f.id, l.a)
      INTO v_ep, v_ea, v_em
      FROM unnest(v_fi, v_fid) AS f(i, id) JOIN unnest(v_li, v_la, v_lm) AS l(i, a, s) ON l.i = f.i;
    -- the accounts that move, locked in id order, all of the brand
    SELECT array_agg(DISTINCT a ORDER BY a) INTO v_accts FROM unnest(v_ea) a;
    SELECT count(*) INTO v_locked FROM (
      SELECT la.id FROM ledger_accounts la WHERE la.id = ANY (v_accts) AND la.merchant_id = p_merchant ORDER BY la.id FOR UPDATE) x;
    IF v_locked <> cardinality(v_accts) THEN
      SELECT a INTO v_acct FROM unnest(v_accts) a
        WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts la WHERE la.id = a AND la.merchant_id = p_merchant) LIMIT 1;
      RAISE EXCEPTION 'ledger: account % is not an account of brand %', v_acct, p_merchant USING ERRCODE = 'foreign_key_violation';
    END IF;
    -- the entries and balances, line by line (ledger_apply), postings in id order
    RETURN QUERY
      SELECT f.i, a.out_posting, true, f.kind, a.out_account, a.out_balance
        FROM ledger_apply(p_merchant, v_ep, v_ea, v_em) AS a JOIN unnest(v_fi, v_fid, v_fk) AS f(i, id, kind) ON f.id = a.out_posting;
  END IF;

  -- keys applied before: their first posting's entries
  IF coalesce(cardinality(v_fi), 0) < n THEN
    RETURN QUERY
      SELECT k.i::integer, p.id, false, p.kind, e.account_id, e.balance_after
        FROM unnest(p_keys) WITH ORDINALITY AS k(key, i)
        LEFT JOIN unnest(v_fi) AS f(i) ON f.i = k.i
        JOIN postings p ON p.merchant_id = p_merchant AND p.idem_key = k.key
        JOIN entries e ON e.posting_id = p.id
       WHERE f.i IS NULL;
  END IF;
END;
$$;
--> statement-breakpoint
-- One posting in one statement: the key claimed (a key already applied returns the first
-- posting's entries with applied = false and moves nothing), then its lines through
-- ledger_apply in the order given (the caller sorts them by account id). The caller checks that
-- the lines balance (ledger.ts `post` and seamless_post do).
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant integer, p_kind text, p_idem text, p_member bigint, p_meta jsonb, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE(out_posting bigint, out_applied boolean, out_kind text, out_account bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO postings (merchant_id, kind, idem_key, member_id, meta, reverses)
  VALUES (p_merchant, p_kind, p_idem, p_member, coalesce(p_meta, '{}'::jsonb), p_reverses)
  ON CONFLICT (merchant_id, idem_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY
      SELECT p.id, false, p.kind, e.account_id, e.balance_after
      FROM postings p JOIN entries e ON e.posting_id = p.id
      WHERE p.merchant_id = p_merchant AND p.idem_key = p_idem;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT v_id, true, p_kind, a.out_account, a.out_balance
      FROM ledger_apply(p_merchant, array_fill(v_id, ARRAY[coalesce(cardinality(p_accounts), 0)]), p_accounts, p_amounts) AS a;
END;
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
-- One posting of two lines through ledger_post (accounts in id order), p_amount from p_other to
-- p_acct: the posting id and p_acct's balance after it. A key applied before answers its first
-- posting; under another kind (or without a line on p_acct) it is 'wallet.duplicate.reference'.
CREATE OR REPLACE FUNCTION seamless_post(
  p_merchant integer, p_kind text, p_idem text, p_member bigint, p_meta jsonb,
  p_acct bigint, p_other bigint, p_amount bigint,
  OUT o_posting bigint, OUT o_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
BEGIN
  SELECT l.out_posting, l.out_balance, l.out_kind INTO o_posting, o_balance, v_kind
    FROM ledger_post(p_merchant, p_kind, p_idem, p_member, p_meta, NULL,
      CASE WHEN p_acct < p_other THEN ARRAY[p_acct, p_other] ELSE ARRAY[p_other, p_acct] END,
      CASE WHEN p_acct < p_other THEN ARRAY[p_amount, -p_amount] ELSE ARRAY[-p_amount, p_amount] END) l
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
--> statement-breakpoint
-- A parent must be a member of the same brand (member.parent.invalid otherwise).
CREATE OR REPLACE FUNCTION member_tree_parent_check(p_merchant integer, p_parent bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_parent IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM members p WHERE p.id = p_parent AND p.merchant_id = p_merchant
  ) THEN RAISE EXCEPTION 'member.parent.invalid'; END IF;
END $$;
--> statement-breakpoint
-- The closure table follows members: a new member gets its self row and one row per ancestor
-- of its parent; a change of parent_id moves the whole subtree (old links out, new links in)
-- inside the updating transaction. Inserts take a shared and moves an exclusive advisory lock
-- of the brand, so a member inserted under a subtree being moved sees the moved ancestors.
CREATE OR REPLACE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'), NEW.merchant_id);
  PERFORM member_tree_parent_check(NEW.merchant_id, NEW.parent_id);
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
  PERFORM member_tree_parent_check(NEW.merchant_id, NEW.parent_id);
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
