-- Know your customer and risk (issue 26): db/kyc-schema.ts
CREATE TABLE IF NOT EXISTS "kyc_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"settings" jsonb NOT NULL,
	"webhook_secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kyc_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('id_front', 'id_back', 'selfie', 'address')),
	"content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg', 'application/pdf')),
	"size" integer NOT NULL,
	"file" text NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL CHECK ("status" IN ('new', 'submitted', 'verified', 'rejected')),
	"check_id" bigint,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_documents_member" ON "kyc_documents" ("merchant_id", "member_id", "uploaded_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_documents_check" ON "kyc_documents" ("check_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kyc_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"level" text NOT NULL CHECK ("level" IN ('identity', 'address')),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'verified', 'rejected')),
	"provider" text NOT NULL,
	"provider_ref" text,
	"full_name" text,
	"birth_date" text,
	"reason" text,
	"note" text,
	"first_approver_id" bigint,
	"first_approver_name" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_checks_queue" ON "kyc_checks" ("merchant_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_checks_member" ON "kyc_checks" ("member_id", "level", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "kyc_checks_one_pending" ON "kyc_checks" ("member_id", "level") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "kyc_checks_ref" ON "kyc_checks" ("provider_ref");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kyc_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"check_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("provider", "event_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risk_marks" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('device', 'ip', 'ip24')),
	"value" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("member_id", "kind", "value")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risk_marks_value" ON "risk_marks" ("merchant_id", "kind", "value");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risk_reviews" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"withdraw_no" text NOT NULL,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"score" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'cleared', 'held')),
	"note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	PRIMARY KEY ("merchant_id", "withdraw_no")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risk_reviews_pending" ON "risk_reviews" ("merchant_id", "created_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- the shared-payee signal looks bound accounts up by number and by payee name across members
CREATE INDEX IF NOT EXISTS "withdraw_accounts_number" ON "withdraw_accounts" ("merchant_id", "account_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdraw_accounts_payee" ON "withdraw_accounts" ("merchant_id", lower("payee_name"));
--> statement-breakpoint
-- the shared-address signal looks login addresses up across members
CREATE INDEX IF NOT EXISTS "member_ips_ip" ON "member_ips" ("ip");
