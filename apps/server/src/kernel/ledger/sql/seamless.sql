-- The seamless-wallet SQL functions: one statement
-- (one round trip, one short transaction) per bet and per win, so the house shard rows are
-- locked only for the statement and its commit. Both claim the vendor tx id first
-- (seamless_claim): a tx id already seen returns that row (o_fresh = false) and moves nothing;
-- the caller replays its answer. The money moves through ledger_post (ledger.sql): its key
-- claim, account locks in id order, brand check and entries; a key applied before answers its
-- first posting, and under another kind is 'wallet.duplicate.reference'. Refusals raise P0001
-- with the error code as the message (the whole statement, the claim included, is undone); a
-- member balance going below zero fails with ledger_post's check_violation.

-- Minor units to the wire's major-unit string, as formatAmount in wallet/money.ts.
CREATE OR REPLACE FUNCTION seamless_amount(v bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v < 0 THEN '-' ELSE '' END || (abs(v) / 100)::text || '.' || lpad((abs(v) % 100)::text, 2, '0')
$$;
--> statement-breakpoint

-- Claims (merchant, vendor, tx id): the new row's id, or NULL with the existing row in o_old.
-- Its fingerprint (what the call said) lets the caller refuse the same id sent with other fields.
DROP FUNCTION IF EXISTS seamless_claim(integer, text, text, text, bigint, text, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seamless_claim(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_kind text, p_amount bigint, p_fingerprint text,
  OUT o_id bigint, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb, OUT o_fingerprint text
) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vendor_transactions (merchant_id, vendor, tx_id, round_id, member_id, kind, amount, status, fingerprint)
  VALUES (p_merchant, p_vendor, p_tx, p_round, p_member, p_kind, p_amount, 'applied', p_fingerprint)
  ON CONFLICT (merchant_id, vendor, tx_id) DO NOTHING
  RETURNING id INTO o_id;
  IF o_id IS NULL THEN
    SELECT t.kind, t.member_id, t.status, t.answer, t.fingerprint INTO o_kind, o_member, o_status, o_answer, o_fingerprint
      FROM vendor_transactions t
      WHERE t.merchant_id = p_merchant AND t.vendor = p_vendor AND t.tx_id = p_tx
      FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'vendor: transaction row vanished'; END IF;
  END IF;
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

-- A bet: claim, the launch token (p_token: SHA-256 hex of it; the member locked:
-- vendor.user.disabled; unknown, another member's or vendor's: vendor.token.invalid; past its
-- expiry, ended, or its lobby session ended: vendor.token.expired) or, without one, a live lobby session (p_need_session: in-process
-- callers), the member's round (refused once closed; closed after this bet with p_close), member -> house
-- posting (none for a zero-amount free bet), bet record, stored answer.
DROP FUNCTION IF EXISTS seamless_bet(integer, text, text, text, bigint, bigint, bigint, text, text, bigint, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS seamless_bet(integer, text, text, text, bigint, bigint, bigint, text, text, bigint, text, text, boolean, boolean);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seamless_bet(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_game text, p_game_type text, p_amount bigint, p_currency text, p_fingerprint text, p_need_session boolean, p_close boolean,
  p_token text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb, OUT o_fingerprint text
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_balance bigint;
  v_closed timestamptz;
  v_g record;
BEGIN
  SELECT c.o_id, c.o_kind, c.o_member, c.o_status, c.o_answer, c.o_fingerprint INTO v_id, o_kind, o_member, o_status, o_answer, o_fingerprint
    FROM seamless_claim(p_merchant, p_vendor, p_tx, p_round, p_member, 'bet', p_amount, p_fingerprint) c;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN RETURN; END IF;
  IF p_token IS NOT NULL THEN
    -- the member's status and the token in one read: a locked member is disabled whatever its token says
    SELECT m.status AS m_status, g.member_id, g.vendor, g.ended_at, g.expires_at, g.session_id, s.revoked_at AS s_revoked, s.expires_at AS s_expires INTO v_g
      FROM members m
      LEFT JOIN game_sessions g ON g.token_hash = p_token AND g.merchant_id = p_merchant
      LEFT JOIN sessions s ON s.id = g.session_id
      WHERE m.id = p_member AND m.merchant_id = p_merchant;
    IF FOUND AND v_g.m_status <> 'active' THEN RAISE EXCEPTION 'vendor.user.disabled' USING ERRCODE = 'P0001'; END IF;
    IF NOT FOUND OR v_g.member_id IS NULL OR v_g.member_id <> p_member OR v_g.vendor <> p_vendor THEN
      RAISE EXCEPTION 'vendor.token.invalid' USING ERRCODE = 'P0001';
    END IF;
    IF v_g.ended_at IS NOT NULL OR v_g.expires_at <= now()
        OR (v_g.session_id IS NOT NULL AND (v_g.s_expires IS NULL OR v_g.s_revoked IS NOT NULL OR v_g.s_expires <= now())) THEN
      RAISE EXCEPTION 'vendor.token.expired' USING ERRCODE = 'P0001';
    END IF;
  ELSIF p_need_session THEN
    PERFORM 1 FROM sessions
      WHERE merchant_id = p_merchant AND member_id = p_member AND revoked_at IS NULL AND expires_at > now() LIMIT 1;
    IF NOT FOUND THEN RAISE EXCEPTION 'vendor.session.invalid' USING ERRCODE = 'P0001'; END IF;
  END IF;
  -- a new round is this statement's own row (nothing to lock again); a known one is locked
  INSERT INTO seamless_rounds (merchant_id, vendor, round_id, member_id) VALUES (p_merchant, p_vendor, p_round, p_member)
    ON CONFLICT DO NOTHING RETURNING closed_at INTO v_closed;
  IF NOT FOUND THEN
    SELECT closed_at INTO v_closed FROM seamless_rounds
      WHERE merchant_id = p_merchant AND vendor = p_vendor AND round_id = p_round AND member_id = p_member FOR UPDATE;
  END IF;
  IF v_closed IS NOT NULL THEN RAISE EXCEPTION 'vendor.round.closed' USING ERRCODE = 'P0001'; END IF;
  IF p_amount > 0 THEN
    SELECT p.o_posting, p.o_balance INTO v_posting, v_balance
      FROM seamless_post(p_merchant, 'bet', 'vendor:' || p_vendor || ':' || p_tx, p_member,
        jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', p_game, 'gameType', p_game_type),
        p_acct, p_house, -p_amount) p;
  ELSE
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = p_acct;
  END IF;
  INSERT INTO bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet)
    VALUES (p_merchant, p_member, CASE WHEN v_posting IS NULL THEN 'BRF' || v_id ELSE 'BR' || v_posting END, p_vendor, p_game, p_game_type, p_round, p_amount);
  IF p_close THEN
    UPDATE seamless_rounds SET closed_at = now()
      WHERE merchant_id = p_merchant AND vendor = p_vendor AND round_id = p_round AND member_id = p_member;
  END IF;
  o_answer := jsonb_build_object('balance', seamless_amount(coalesce(v_balance, 0)), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'bet'; o_member := p_member; o_status := 'applied';
END;
$$;
--> statement-breakpoint

-- A win: claim; the member's round must be open (a promotional win, p_promo, may come on a
-- closed round or without any bet); with p_ref (Hub88 reference_transaction_uuid) that bet must
-- exist in this round and not be rolled back; the round's open bets (the win goes to the first,
-- all are settled), house -> member posting when the amount is not 0, turnover progress of the
-- newly valid bets (turnover_progress, turnover.sql), the round closed with p_close, stored answer.
DROP FUNCTION IF EXISTS seamless_win(integer, text, text, text, bigint, bigint, bigint, bigint, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seamless_win(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_amount bigint, p_currency text, p_fingerprint text, p_close boolean, p_promo boolean, p_ref text, p_game text, p_game_type text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb, OUT o_moved boolean, OUT o_fingerprint text
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_balance bigint;
  v_first boolean := true;
  v_valid bigint := 0;
  v_closed timestamptz;
  v_round boolean;
  v_ref record;
  r record;
BEGIN
  o_moved := false;
  SELECT c.o_id, c.o_kind, c.o_member, c.o_status, c.o_answer, c.o_fingerprint INTO v_id, o_kind, o_member, o_status, o_answer, o_fingerprint
    FROM seamless_claim(p_merchant, p_vendor, p_tx, p_round, p_member, 'win', p_amount, p_fingerprint) c;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN RETURN; END IF;
  SELECT closed_at INTO v_closed FROM seamless_rounds
    WHERE merchant_id = p_merchant AND vendor = p_vendor AND round_id = p_round AND member_id = p_member FOR UPDATE;
  v_round := FOUND;
  IF v_closed IS NOT NULL AND NOT p_promo THEN RAISE EXCEPTION 'vendor.round.closed' USING ERRCODE = 'P0001'; END IF;
  IF p_ref IS NOT NULL AND NOT p_promo THEN
    SELECT t.kind, t.member_id, t.status, t.round_id INTO v_ref FROM vendor_transactions t
      WHERE t.merchant_id = p_merchant AND t.vendor = p_vendor AND t.tx_id = p_ref;
    IF NOT FOUND OR v_ref.kind <> 'bet' OR v_ref.member_id <> p_member OR v_ref.status = 'rollback_unknown' THEN
      RAISE EXCEPTION 'vendor.tx.unknown' USING ERRCODE = 'P0001';
    END IF;
    IF v_ref.status = 'rolled_back' THEN RAISE EXCEPTION 'vendor.bet.rolled.back' USING ERRCODE = 'P0001'; END IF;
    IF v_ref.round_id <> p_round THEN RAISE EXCEPTION 'vendor.round.mismatch' USING ERRCODE = 'P0001'; END IF;
  END IF;
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
            jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', r.game, 'gameType', r.game_type, 'promo', p_promo),
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
  IF v_first THEN
    IF NOT p_promo THEN
      PERFORM 1 FROM bet_records b WHERE b.merchant_id = p_merchant AND b.vendor = p_vendor AND b.round_id = p_round AND b.member_id + 0 = p_member;
      IF FOUND THEN RAISE EXCEPTION 'vendor.bet.rolled.back' USING ERRCODE = 'P0001'; END IF;
      RAISE EXCEPTION 'vendor.round.unknown' USING ERRCODE = 'P0001';
    END IF;
    -- a promotional win without a bet: paid, with a settled record of no stake
    IF p_amount > 0 THEN
      SELECT p.o_posting, p.o_balance INTO v_posting, v_balance
        FROM seamless_post(p_merchant, 'win', 'vendor:' || p_vendor || ':' || p_tx, p_member,
          jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', p_game, 'gameType', p_game_type, 'promo', true),
          p_acct, p_house, p_amount) p;
    ELSE
      SELECT balance INTO v_balance FROM ledger_accounts WHERE id = p_acct;
    END IF;
    INSERT INTO bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet, win, profit, status, settled_at)
      VALUES (p_merchant, p_member, 'BRP' || v_id, p_vendor, coalesce(p_game, ''), coalesce(p_game_type, ''), p_round, 0, p_amount, p_amount, 'settled', now());
  END IF;
  IF v_valid > 0 THEN PERFORM turnover_progress(p_merchant, p_member, v_valid); END IF;
  IF p_close AND v_round THEN
    -- the round row is locked above: closed in place (once)
    IF v_closed IS NULL THEN
      UPDATE seamless_rounds SET closed_at = now()
        WHERE merchant_id = p_merchant AND vendor = p_vendor AND round_id = p_round AND member_id = p_member;
    END IF;
  ELSIF p_close THEN
    INSERT INTO seamless_rounds (merchant_id, vendor, round_id, member_id, closed_at) VALUES (p_merchant, p_vendor, p_round, p_member, now())
      ON CONFLICT (merchant_id, vendor, round_id, member_id) DO UPDATE SET closed_at = coalesce(seamless_rounds.closed_at, now());
  END IF;
  o_answer := jsonb_build_object('balance', seamless_amount(coalesce(v_balance, 0)), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'win'; o_member := p_member; o_status := 'applied'; o_moved := v_posting IS NOT NULL;
END;
$$;
--> statement-breakpoint

-- Group commit (seamless-wallet/batch.ts): many bets and wins in one statement, so one round
-- trip and one transaction. p_items: a JSON array of {"k": "bet" | "win", "a": [the arguments of
-- seamless_bet or seamless_win, in order]}. Each item runs in its own subtransaction (a
-- BEGIN … EXCEPTION block): a refusal, a check_violation (insufficient funds) or any other error
-- undoes that item alone, which answers r_error (its SQLSTATE) and r_message, and the others go
-- on. Items run in the order given; one row per item, in that order. The caller keeps batches
-- under 64 items (a transaction with more subtransactions than that overflows the snapshot's
-- subtransaction cache and slows every other session's visibility checks).
CREATE OR REPLACE FUNCTION seamless_batch(p_items jsonb)
RETURNS TABLE(r_idx integer, r_fresh boolean, r_kind text, r_member bigint, r_status text, r_answer jsonb, r_moved boolean, r_fingerprint text, r_error text, r_message text)
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  a jsonb;
BEGIN
  r_idx := 0;
  FOR it IN SELECT e FROM jsonb_array_elements(p_items) AS e LOOP
    r_idx := r_idx + 1;
    a := it -> 'a';
    r_fresh := NULL; r_kind := NULL; r_member := NULL; r_status := NULL; r_answer := NULL; r_moved := NULL; r_fingerprint := NULL;
    r_error := NULL; r_message := NULL;
    BEGIN
      IF it ->> 'k' = 'bet' THEN
        SELECT b.o_fresh, b.o_kind, b.o_member, b.o_status, b.o_answer, b.o_fingerprint
          INTO r_fresh, r_kind, r_member, r_status, r_answer, r_fingerprint
          FROM seamless_bet((a ->> 0)::integer, a ->> 1, a ->> 2, a ->> 3, (a ->> 4)::bigint, (a ->> 5)::bigint, (a ->> 6)::bigint,
            a ->> 7, a ->> 8, (a ->> 9)::bigint, a ->> 10, a ->> 11, (a ->> 12)::boolean, (a ->> 13)::boolean, a ->> 14) b;
        r_moved := r_fresh;
      ELSIF it ->> 'k' = 'win' THEN
        SELECT w.o_fresh, w.o_kind, w.o_member, w.o_status, w.o_answer, w.o_moved, w.o_fingerprint
          INTO r_fresh, r_kind, r_member, r_status, r_answer, r_moved, r_fingerprint
          FROM seamless_win((a ->> 0)::integer, a ->> 1, a ->> 2, a ->> 3, (a ->> 4)::bigint, (a ->> 5)::bigint, (a ->> 6)::bigint,
            (a ->> 7)::bigint, a ->> 8, a ->> 9, (a ->> 10)::boolean, (a ->> 11)::boolean, a ->> 12, a ->> 13, a ->> 14) w;
      ELSE
        RAISE EXCEPTION 'seamless: unknown batch item kind %', it ->> 'k' USING ERRCODE = 'data_exception';
      END IF;
    EXCEPTION WHEN OTHERS THEN
      r_fresh := NULL; r_kind := NULL; r_member := NULL; r_status := NULL; r_answer := NULL; r_moved := NULL; r_fingerprint := NULL;
      r_error := SQLSTATE; r_message := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
