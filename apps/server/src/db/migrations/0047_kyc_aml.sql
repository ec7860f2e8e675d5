-- AML report flags (issue 26 item 4): db/kyc-schema.ts amlFlags
CREATE TABLE IF NOT EXISTS "aml_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('single', 'daily', 'structuring')),
	"direction" text NOT NULL CHECK ("direction" IN ('deposit', 'withdraw')),
	"ref" text NOT NULL,
	"day" text NOT NULL,
	"amount" bigint NOT NULL,
	"count" integer NOT NULL,
	"refs" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'reported', 'dismissed')),
	"note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "aml_flags_ref" ON "aml_flags" ("merchant_id", "kind", "direction", "ref");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "aml_flags_list" ON "aml_flags" ("merchant_id", "status", "day");
