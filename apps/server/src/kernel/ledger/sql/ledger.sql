-- The ledger's SQL functions, as they stand now (the migrations that made them: 0004, 0024 and
-- 0037). The posting rules live once, in ledger_post_many; ledger_post is its one-posting form,
-- and every other SQL path that moves money (seamless_bet, seamless_win, lottery_settle) calls one
-- of the two. functions.test.ts checks that the migrations end at exactly these definitions.

-- Ledger entries and postings are immutable: corrections are new, reversing postings.
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (%.%)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The one ledger writer: ledger_post_many (set-based, for one posting or thousands). Every
-- posting in SQL goes through it (ledger_post below is its one-posting form), with these rules:
-- * every posting has at least one non-zero line and its lines sum to zero, else the whole
--   batch is refused (data_exception, nothing written);
-- * each posting is claimed by its idempotency key (unique per brand): a key already applied
--   keeps its first posting, moves nothing and is answered with applied = false and that
--   posting's entries; a key named twice in one batch refuses the batch;
-- * the accounts that move are locked in id order, all must be the brand's
--   (foreign_key_violation otherwise); each entry carries its account's balance after it
--   (postings in id order); a balance that may not go negative and would, at any entry, fails
--   with check_violation on ledger_balance_not_negative, the whole batch undone;
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
  v_negative boolean;
  v_li integer[];
  v_la bigint[];
  v_lm bigint[];
  v_fi integer[];
  v_fid bigint[];
  v_fk text[];
  v_ep bigint[];
  v_ea bigint[];
  v_em bigint[];
  v_eb bigint[];
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
    -- each entry's balance after it (read after the lock: the committed balance)
    SELECT array_agg(r.after ORDER BY r.p, r.a), coalesce(bool_or(r.after < 0 AND NOT r.neg), false) INTO v_eb, v_negative
      FROM (SELECT l.p, l.a, la.allow_negative AS neg, (la.balance + sum(l.s) OVER (PARTITION BY l.a ORDER BY l.p))::bigint AS after
              FROM unnest(v_ep, v_ea, v_em) AS l(p, a, s) JOIN ledger_accounts la ON la.id = l.a) r;
    IF v_negative THEN
      RAISE EXCEPTION 'ledger: a balance of the batch would go below zero' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balance_not_negative';
    END IF;
    INSERT INTO entries (posting_id, account_id, amount, balance_after) SELECT * FROM unnest(v_ep, v_ea, v_em, v_eb);
    UPDATE ledger_accounts la SET balance = la.balance + t.d
      FROM (SELECT u.a, sum(u.s)::bigint AS d FROM unnest(v_ea, v_em) AS u(a, s) GROUP BY u.a) t
      WHERE la.id = t.a;
    RETURN QUERY
      SELECT f.i, e.p, true, f.kind, e.a, e.b
        FROM unnest(v_ep, v_ea, v_eb) AS e(p, a, b) JOIN unnest(v_fi, v_fid, v_fk) AS f(i, id, kind) ON f.id = e.p;
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
