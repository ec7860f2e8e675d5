-- One set-based ledger writer for many postings: ledger_post_many. Callers that post
-- thousands at once (lottery settlement, contract payouts) go through it instead of writing
-- postings, entries and balances themselves, with the guarantees of ledger_post:
-- * every posting has at least one non-zero line and its lines sum to zero, else the whole
--   batch is refused (data_exception, nothing written);
-- * each posting is claimed by its idempotency key (unique per brand): a key already applied
--   keeps its first posting, moves nothing and is answered with applied = false and that
--   posting's entries; a key named twice in one batch refuses the batch;
-- * the accounts that move are locked in id order (ledger_post's order), all must be the
--   brand's (foreign_key_violation otherwise); each entry carries its account's balance after
--   it (postings in id order); a balance that may not go negative and would, at any entry,
--   fails with check_violation on ledger_balance_not_negative, the whole batch undone;
-- * entries and postings stay immutable (0004's triggers).
-- Postings are applied in the order given (their ids and balances after follow it); keys are
-- claimed before the accounts are locked, as ledger_post does (two batches sharing keys at the
-- same time should list them in one order). Lines of one posting on one account are merged.
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
-- lottery_settle (0013) again, its postings now written by ledger_post_many: one 'win' posting
-- per member and batch, house -> member main, under the same idempotency key
-- lottery:<draw>:<member>:L<first winning bet> and meta as before; everything else unchanged.
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
