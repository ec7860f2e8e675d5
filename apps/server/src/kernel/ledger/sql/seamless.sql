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
CREATE OR REPLACE FUNCTION seamless_claim(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_kind text, p_amount bigint,
  OUT o_id bigint, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vendor_transactions (merchant_id, vendor, tx_id, round_id, member_id, kind, amount, status)
  VALUES (p_merchant, p_vendor, p_tx, p_round, p_member, p_kind, p_amount, 'applied')
  ON CONFLICT (merchant_id, vendor, tx_id) DO NOTHING
  RETURNING id INTO o_id;
  IF o_id IS NULL THEN
    SELECT t.kind, t.member_id, t.status, t.answer INTO o_kind, o_member, o_status, o_answer
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
