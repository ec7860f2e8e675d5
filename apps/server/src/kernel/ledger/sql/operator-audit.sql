-- The operator audit's SQL function: the trigger that keeps
-- operator_audit append-only.
CREATE OR REPLACE FUNCTION operator_audit_immutable() RETURNS trigger AS $$
BEGIN
	RAISE EXCEPTION 'operator_audit is append-only' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
