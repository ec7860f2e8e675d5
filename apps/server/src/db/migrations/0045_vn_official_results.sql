-- Issue 21 item 4: the Vietnamese lottery on official results. A VN issue is one province's draw
-- (south and central: the provinces of the weekly schedule, numero yyyyMMdd-<province>; north:
-- one a day, the day's province named). Its result comes from outside (result_source 'official'):
-- two matching console entries by two operators (four eyes) or the brand's results feed; the
-- entries are kept in lottery_result_entries (at most two active per issue: a mismatch blocks the
-- issue until an operator discards them). Fast games keep their seeded draws ('seed').
ALTER TABLE "lottery_draws" ADD COLUMN IF NOT EXISTS "province" text;
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN IF NOT EXISTS "result_source" text DEFAULT 'seed' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_result_source" CHECK ("result_source" IN ('seed', 'official', 'test'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lottery_result_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"draw_id" bigint NOT NULL REFERENCES "lottery_draws"("id"),
	"seq" smallint NOT NULL,
	"source" text NOT NULL,
	"entered_by" text NOT NULL,
	"operator_id" bigint,
	"prizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discarded_at" timestamp with time zone,
	"discarded_by" text,
	CONSTRAINT "lottery_result_entries_seq" CHECK ("seq" IN (1, 2)),
	CONSTRAINT "lottery_result_entries_source" CHECK ("source" IN ('console', 'feed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "lottery_result_entries_active" ON "lottery_result_entries" USING btree ("draw_id", "seq") WHERE "discarded_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lottery_result_entries_draw" ON "lottery_result_entries" USING btree ("draw_id", "id");
