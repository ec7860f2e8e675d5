-- The triggers that call the functions of this folder (run after them; CREATE OR REPLACE keeps
-- re-running this file harmless).

-- Ledger entries and postings are immutable: corrections are new, reversing postings.
CREATE OR REPLACE TRIGGER entries_immutable BEFORE UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint

-- The closure table member_tree follows members (member-tree.sql).
CREATE OR REPLACE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER members_tree_move AFTER UPDATE OF parent_id ON members
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION member_tree_move();
--> statement-breakpoint

-- A published lottery result never changes (lottery.sql).
CREATE OR REPLACE TRIGGER "lottery_draws_guard" BEFORE UPDATE OR DELETE ON "lottery_draws" FOR EACH ROW EXECUTE FUNCTION lottery_draws_guard();
--> statement-breakpoint

-- The operator audit is append-only (operator-audit.sql).
CREATE OR REPLACE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON "operator_audit" FOR EACH ROW EXECUTE FUNCTION operator_audit_immutable();
