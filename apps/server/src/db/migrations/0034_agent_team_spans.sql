-- Team membership spans written by operator moves (modules/operator/people-move.ts): for a pair
-- (agent, member) whose closure row a move added or removed, the member's day rows count for the
-- agent only on the days of its spans [from_day, to_day) (null: open). A pair without spans counts
-- every day while its closure row exists (the normal case: no move ever touched it).
CREATE TABLE IF NOT EXISTS "agent_team_spans" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"agent_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	"from_day" date,
	"to_day" date,
	CHECK ("from_day" IS NULL OR "to_day" IS NULL OR "from_day" < "to_day")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_team_spans_agent" ON "agent_team_spans" USING btree ("agent_id", "member_id");
