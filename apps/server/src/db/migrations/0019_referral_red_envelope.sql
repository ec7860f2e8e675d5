-- Referral income (issue 7 item 3): one row per invitee and rule, so each reward is paid once
-- (the ledger posting `referral:<invitee_id>:<rule>` is the second guard).
CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"referrer_id" bigint NOT NULL REFERENCES "members"("id"),
	"invitee_id" bigint NOT NULL REFERENCES "members"("id"),
	"rule" text NOT NULL CHECK ("rule" IN ('first_deposit', 'threshold')),
	"basis" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_amount" CHECK ("amount" > 0 AND "basis" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_once" ON "referral_rewards" USING btree ("merchant_id", "invitee_id", "rule");
--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer" ON "referral_rewards" USING btree ("referrer_id", "created_at");
--> statement-breakpoint
-- Red envelopes (issue 7 item 9): agent envelopes (sender_id set, scope direct or team, funded
-- at once into the sender's red_envelope wallet) and promotion envelopes (sender_id null, scope
-- all, paid from the bonus pool). Shares are cut at creation; a member takes at most one.
CREATE TABLE "red_envelopes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('agent', 'promotion')),
	"sender_id" bigint REFERENCES "members"("id"),
	"scope" text NOT NULL CHECK ("scope" IN ('direct', 'team', 'all')),
	"title" text DEFAULT '' NOT NULL,
	"total" bigint NOT NULL,
	"count" integer NOT NULL,
	"split" text NOT NULL CHECK ("split" IN ('random', 'equal')),
	"opened_count" integer DEFAULT 0 NOT NULL,
	"opened_amount" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'finished', 'expired')),
	"request_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "red_envelopes_amounts" CHECK ("total" > 0 AND "count" > 0 AND "opened_count" BETWEEN 0 AND "count"
		AND "opened_amount" >= 0 AND "refunded" >= 0 AND "opened_amount" + "refunded" <= "total"),
	CONSTRAINT "red_envelopes_sender" CHECK (("kind" = 'agent') = ("sender_id" IS NOT NULL)),
	CONSTRAINT "red_envelopes_window" CHECK ("starts_at" < "expires_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelopes_request" ON "red_envelopes" USING btree ("merchant_id", "sender_id", "request_id") WHERE "request_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "red_envelopes_open" ON "red_envelopes" USING btree ("merchant_id", "expires_at") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "red_envelopes_sender_created" ON "red_envelopes" USING btree ("sender_id", "created_at");
--> statement-breakpoint
CREATE TABLE "red_envelope_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"envelope_id" bigint NOT NULL REFERENCES "red_envelopes"("id"),
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" bigint REFERENCES "members"("id"),
	"opened_at" timestamp with time zone,
	CONSTRAINT "red_envelope_shares_amount" CHECK ("amount" > 0),
	CONSTRAINT "red_envelope_shares_opened" CHECK (("member_id" IS NULL) = ("opened_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_shares_seq" ON "red_envelope_shares" USING btree ("envelope_id", "seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_shares_member" ON "red_envelope_shares" USING btree ("envelope_id", "member_id");
--> statement-breakpoint
CREATE INDEX "red_envelope_shares_opener" ON "red_envelope_shares" USING btree ("member_id", "opened_at");
