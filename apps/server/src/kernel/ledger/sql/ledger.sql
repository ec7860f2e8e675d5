-- The ledger's SQL functions. The posting
-- rules live once: a posting is claimed by its key and its lines written by ledger_apply, either
-- one posting at a time (ledger_post) or many set-based (ledger_post_many); every SQL path that
-- moves money (seamless_bet and seamless_win through seamless_post, lottery_settle) calls one of
-- the two. db/index.ts runs these files after the migrations (when they changed); functions.test.ts checks the database holds exactly these.

-- Ledger entries and postings are immutable: corrections are new, reversing postings.
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (%.%)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

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
