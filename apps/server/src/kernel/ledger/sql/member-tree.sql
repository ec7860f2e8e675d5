-- The agent tree's SQL functions: triggers on
-- members that keep the closure table member_tree.

-- A parent must be a member of the same brand (member.parent.invalid otherwise).
CREATE OR REPLACE FUNCTION member_tree_parent_check(p_merchant integer, p_parent bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_parent IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM members p WHERE p.id = p_parent AND p.merchant_id = p_merchant
  ) THEN RAISE EXCEPTION 'member.parent.invalid'; END IF;
END $$;
--> statement-breakpoint

-- The closure table follows members: a new member gets its self row and one row per ancestor
-- of its parent; a change of parent_id moves the whole subtree (old links out, new links in)
-- inside the updating transaction. Inserts take a shared and moves an exclusive advisory lock
-- of the brand, so a member inserted under a subtree being moved sees the moved ancestors.
CREATE OR REPLACE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'), NEW.merchant_id);
  PERFORM member_tree_parent_check(NEW.merchant_id, NEW.parent_id);
  INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
  SELECT NEW.merchant_id, NEW.id, NEW.id, 0
  UNION ALL
  SELECT NEW.merchant_id, t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.parent_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('member_tree'), NEW.merchant_id);
  PERFORM member_tree_parent_check(NEW.merchant_id, NEW.parent_id);
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree t WHERE t.ancestor_id = NEW.id AND t.descendant_id = NEW.parent_id
  ) THEN RAISE EXCEPTION 'member.tree.cycle'; END IF;
  DELETE FROM member_tree d
   USING member_tree sub, member_tree up
   WHERE sub.ancestor_id = NEW.id AND d.descendant_id = sub.descendant_id
     AND up.descendant_id = NEW.id AND up.depth > 0 AND d.ancestor_id = up.ancestor_id;
  INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
  SELECT NEW.merchant_id, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM member_tree up, member_tree sub
   WHERE up.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END $$;
