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
