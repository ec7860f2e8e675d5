-- Responsible gaming (issue 9, item 6): one row per member with its limits in force, the
-- increases or removals waiting their 24 hours (pending: {field: {value, at}}), and the
-- member's cool-off break or self-exclusion. Read by the login, deposit and bet paths through
-- a per-member cache (modules/responsible/state.ts); a member without a row has no limits.
CREATE TABLE IF NOT EXISTS "responsible_limits" (
	"member_id" bigint PRIMARY KEY NOT NULL REFERENCES "members"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"deposit_day" bigint,
	"deposit_week" bigint,
	"deposit_month" bigint,
	"loss_day" bigint,
	"loss_week" bigint,
	"loss_month" bigint,
	"session_minutes" integer,
	"reality_minutes" integer,
	"pending" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"break_kind" text,
	"break_until" timestamp with time zone,
	"break_set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_limits_break" CHECK (("break_kind" is null) = ("break_until" is null) and ("break_kind" is null or "break_kind" in ('cooloff', 'exclusion')))
);
--> statement-breakpoint
-- The session-limit job reads only the members that have a session limit (now or pending).
CREATE INDEX IF NOT EXISTS "responsible_limits_session" ON "responsible_limits" USING btree ("merchant_id") WHERE "session_minutes" is not null or "pending" ? 'sessionMinutes';
