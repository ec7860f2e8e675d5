-- One posting in one statement: the posting row, the account updates (in the order given,
-- which the caller sorts by account id) and the entries. A key already applied returns the
-- first posting's entries with applied = false. A member balance going below zero fails
-- with the CHECK's check_violation; an account of another brand with foreign_key_violation.
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant integer, p_kind text, p_idem text, p_member bigint, p_meta jsonb, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE(out_posting bigint, out_applied boolean, out_kind text, out_account bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_bal bigint;
  i integer;
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
  FOR i IN 1 .. coalesce(array_length(p_accounts, 1), 0) LOOP
    UPDATE ledger_accounts SET balance = balance + p_amounts[i]
      WHERE id = p_accounts[i] AND merchant_id = p_merchant
      RETURNING balance INTO v_bal;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: account % is not an account of brand %', p_accounts[i], p_merchant
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    INSERT INTO entries (posting_id, account_id, amount, balance_after) VALUES (v_id, p_accounts[i], p_amounts[i], v_bal);
    out_posting := v_id; out_applied := true; out_kind := p_kind; out_account := p_accounts[i]; out_balance := v_bal;
    RETURN NEXT;
  END LOOP;
END;
$$;
