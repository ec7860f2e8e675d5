-- seamless_bet and seamless_win (0011) again, with the same arguments, answers and refusals,
-- flattened: the claim (seamless_claim) and the two-line posting (seamless_post -> ledger_post,
-- 0007) are written inline instead of through three nested function calls (each a statement of
-- its own, ledger_post a set-returning function). The posting keeps ledger_post's rules: the
-- idempotency key claimed first (a key applied before answers its first posting, and another
-- kind with it is 'wallet.duplicate.reference'), the two accounts updated in id order, each
-- checked to be the brand's ('foreign_key_violation'), a member balance below zero failing with
-- the CHECK's check_violation, one entry per account with its balance after. The entries go in
-- one statement. Measured with callgrind on a single-user backend: about 15 % fewer
-- instructions per bet+win pair in the database.

-- A bet: claim, live session, member -> house posting, bet record, stored answer.
CREATE OR REPLACE FUNCTION seamless_bet(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_game text, p_game_type text, p_amount bigint, p_currency text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_kind text;
  v_bal bigint;
  v_hbal bigint;
BEGIN
  INSERT INTO vendor_transactions (merchant_id, vendor, tx_id, round_id, member_id, kind, amount, status)
  VALUES (p_merchant, p_vendor, p_tx, p_round, p_member, 'bet', p_amount, 'applied')
  ON CONFLICT (merchant_id, vendor, tx_id) DO NOTHING
  RETURNING id INTO v_id;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN
    SELECT t.kind, t.member_id, t.status, t.answer INTO o_kind, o_member, o_status, o_answer
      FROM vendor_transactions t
      WHERE t.merchant_id = p_merchant AND t.vendor = p_vendor AND t.tx_id = p_tx
      FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'vendor: transaction row vanished'; END IF;
    RETURN;
  END IF;
  PERFORM 1 FROM sessions
    WHERE merchant_id = p_merchant AND member_id = p_member AND revoked_at IS NULL AND expires_at > now() LIMIT 1;
  IF NOT FOUND THEN RAISE EXCEPTION 'vendor.session.invalid' USING ERRCODE = 'P0001'; END IF;
  INSERT INTO postings (merchant_id, kind, idem_key, member_id, meta)
  VALUES (p_merchant, 'bet', 'vendor:' || p_vendor || ':' || p_tx, p_member,
    jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', p_game, 'gameType', p_game_type))
  ON CONFLICT (merchant_id, idem_key) DO NOTHING
  RETURNING id INTO v_posting;
  IF v_posting IS NULL THEN
    SELECT p.id, p.kind, e.balance_after INTO v_posting, v_kind, v_bal
      FROM postings p JOIN entries e ON e.posting_id = p.id AND e.account_id = p_acct
      WHERE p.merchant_id = p_merchant AND p.idem_key = 'vendor:' || p_vendor || ':' || p_tx;
    IF v_kind IS DISTINCT FROM 'bet' THEN RAISE EXCEPTION 'wallet.duplicate.reference' USING ERRCODE = 'P0001'; END IF;
  ELSIF p_acct < p_house THEN
    UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = p_acct AND merchant_id = p_merchant RETURNING balance INTO v_bal;
    IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_acct, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = p_house AND merchant_id = p_merchant RETURNING balance INTO v_hbal;
    IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_house, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
    INSERT INTO entries (posting_id, account_id, amount, balance_after)
      VALUES (v_posting, p_acct, -p_amount, v_bal), (v_posting, p_house, p_amount, v_hbal);
  ELSE
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = p_house AND merchant_id = p_merchant RETURNING balance INTO v_hbal;
    IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_house, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
    UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = p_acct AND merchant_id = p_merchant RETURNING balance INTO v_bal;
    IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_acct, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
    INSERT INTO entries (posting_id, account_id, amount, balance_after)
      VALUES (v_posting, p_house, p_amount, v_hbal), (v_posting, p_acct, -p_amount, v_bal);
  END IF;
  INSERT INTO bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet)
    VALUES (p_merchant, p_member, 'BR' || v_posting, p_vendor, p_game, p_game_type, p_round, p_amount);
  o_answer := jsonb_build_object('balance', seamless_amount(v_bal), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'bet'; o_member := p_member; o_status := 'applied';
END;
$$;
--> statement-breakpoint

-- A win: claim, the round's open bets (the win goes to the first, all are settled), house ->
-- member posting when the amount is not 0, turnover progress of the newly valid bets (open
-- requirements oldest first), stored answer.
CREATE OR REPLACE FUNCTION seamless_win(
  p_merchant integer, p_vendor text, p_tx text, p_round text, p_member bigint, p_acct bigint, p_house bigint,
  p_amount bigint, p_currency text,
  OUT o_fresh boolean, OUT o_kind text, OUT o_member bigint, OUT o_status text, OUT o_answer jsonb, OUT o_moved boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_posting bigint;
  v_kind text;
  v_balance bigint;
  v_hbal bigint;
  v_first boolean := true;
  v_valid bigint := 0;
  v_used bigint;
  r record;
BEGIN
  o_moved := false;
  INSERT INTO vendor_transactions (merchant_id, vendor, tx_id, round_id, member_id, kind, amount, status)
  VALUES (p_merchant, p_vendor, p_tx, p_round, p_member, 'win', p_amount, 'applied')
  ON CONFLICT (merchant_id, vendor, tx_id) DO NOTHING
  RETURNING id INTO v_id;
  o_fresh := v_id IS NOT NULL;
  IF NOT o_fresh THEN
    SELECT t.kind, t.member_id, t.status, t.answer INTO o_kind, o_member, o_status, o_answer
      FROM vendor_transactions t
      WHERE t.merchant_id = p_merchant AND t.vendor = p_vendor AND t.tx_id = p_tx
      FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'vendor: transaction row vanished'; END IF;
    RETURN;
  END IF;
  FOR r IN SELECT b.id, b.bet, b.win, b.status, b.game, b.game_type, b.settled_at FROM bet_records b
      -- member_id + 0: found by bet_records_round, never by bet_records_member (which a planner
      -- without statistics may pick, reading the member's whole bet history on every win)
      WHERE b.merchant_id = p_merchant AND b.vendor = p_vendor AND b.round_id = p_round AND b.member_id + 0 = p_member
        AND b.status <> 'refunded'
      ORDER BY b.id FOR UPDATE LOOP
    IF v_first THEN
      IF p_amount > 0 THEN
        INSERT INTO postings (merchant_id, kind, idem_key, member_id, meta)
        VALUES (p_merchant, 'win', 'vendor:' || p_vendor || ':' || p_tx, p_member,
          jsonb_build_object('vendor', p_vendor, 'txId', p_tx, 'roundId', p_round, 'game', r.game, 'gameType', r.game_type))
        ON CONFLICT (merchant_id, idem_key) DO NOTHING
        RETURNING id INTO v_posting;
        IF v_posting IS NULL THEN
          SELECT p.id, p.kind, e.balance_after INTO v_posting, v_kind, v_balance
            FROM postings p JOIN entries e ON e.posting_id = p.id AND e.account_id = p_acct
            WHERE p.merchant_id = p_merchant AND p.idem_key = 'vendor:' || p_vendor || ':' || p_tx;
          IF v_kind IS DISTINCT FROM 'win' THEN RAISE EXCEPTION 'wallet.duplicate.reference' USING ERRCODE = 'P0001'; END IF;
        ELSIF p_acct < p_house THEN
          UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = p_acct AND merchant_id = p_merchant RETURNING balance INTO v_balance;
          IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_acct, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
          UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = p_house AND merchant_id = p_merchant RETURNING balance INTO v_hbal;
          IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_house, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
          INSERT INTO entries (posting_id, account_id, amount, balance_after)
            VALUES (v_posting, p_acct, p_amount, v_balance), (v_posting, p_house, -p_amount, v_hbal);
        ELSE
          UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = p_house AND merchant_id = p_merchant RETURNING balance INTO v_hbal;
          IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_house, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
          UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = p_acct AND merchant_id = p_merchant RETURNING balance INTO v_balance;
          IF NOT FOUND THEN RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_acct, p_merchant USING ERRCODE = 'foreign_key_violation'; END IF;
          INSERT INTO entries (posting_id, account_id, amount, balance_after)
            VALUES (v_posting, p_house, -p_amount, v_hbal), (v_posting, p_acct, p_amount, v_balance);
        END IF;
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
  IF v_valid > 0 THEN
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
  END IF;
  o_answer := jsonb_build_object('balance', seamless_amount(coalesce(v_balance, 0)), 'currency', p_currency, 'txId', p_tx);
  UPDATE vendor_transactions SET answer = o_answer, posting_id = v_posting WHERE id = v_id;
  o_kind := 'win'; o_member := p_member; o_status := 'applied'; o_moved := v_posting IS NOT NULL;
END;
$$;
