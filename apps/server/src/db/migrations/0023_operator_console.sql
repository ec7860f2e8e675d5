-- The SQL functions and triggers this migration made are defined, as they stand now, in
-- apps/server/src/kernel/ledger/sql (run after the migrations by db/index.ts runMigrations).
-- Operator console (issue 9): operator accounts of the deployment with a role and a brand scope
-- (brands null = every brand), argon2id password and a mandatory TOTP second factor.
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL CHECK ("role" IN ('owner', 'finance', 'content', 'support')),
	"brands" text[],
	"status" text DEFAULT 'active' NOT NULL CHECK ("status" IN ('active', 'disabled')),
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username" ON "operators" USING btree ("username_key");
--> statement-breakpoint
-- A console session: only the SHA-256 of the token is stored; idle and absolute expiry.
CREATE TABLE "operator_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" bigint NOT NULL REFERENCES "operators"("id"),
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token" ON "operator_sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");
--> statement-breakpoint
-- Audit log: every operator action and money or permission change. operator_id null = the
-- service key (X-Operator-Key). Append-only: a trigger refuses UPDATE and DELETE.
CREATE TABLE "operator_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" bigint REFERENCES "operators"("id"),
	"operator_name" text NOT NULL,
	"merchant_id" integer REFERENCES "merchants"("id"),
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_audit_at" ON "operator_audit" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "operator_audit_merchant" ON "operator_audit" USING btree ("merchant_id", "at");
--> statement-breakpoint
-- Per-brand console rules: withdrawals above dual_approval_above (minor units) need two operators.
CREATE TABLE "operator_brand_rules" (
	"merchant_id" integer PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"dual_approval_above" bigint DEFAULT 100000 NOT NULL CHECK ("dual_approval_above" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Approvals of a withdrawal by operators: one row per operator, so the same one cannot count twice.
CREATE TABLE "withdrawal_approvals" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"withdraw_no" text NOT NULL,
	"operator_id" bigint NOT NULL REFERENCES "operators"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_approvals_pk" PRIMARY KEY ("merchant_id", "withdraw_no", "operator_id")
);
