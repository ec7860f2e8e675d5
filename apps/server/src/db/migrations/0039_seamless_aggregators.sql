-- Issue 20: launch tokens (game sessions), per-vendor credentials with rotation, round state and
-- transaction fingerprints of the seamless wallet.
CREATE TABLE IF NOT EXISTS "game_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL,
	"session_id" bigint,
	"vendor" text NOT NULL,
	"game" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "game_sessions_token" ON "game_sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "game_sessions_member" ON "game_sessions" USING btree ("merchant_id","member_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "seamless_credentials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seamless_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"partner" text NOT NULL,
	"protocol" text NOT NULL,
	"secret" text,
	"partner_public_key" text,
	"our_public_key" text,
	"our_private_key" text,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "seamless_credentials_partner" ON "seamless_credentials" USING btree ("merchant_id","partner");
--> statement-breakpoint
-- The old shared per-brand secrets carry over as each vendor's first credential (rotate them in the console).
INSERT INTO "seamless_credentials" ("merchant_id", "partner", "protocol", "secret", "created_by")
	SELECT "merchant_id", "vendor", 'native', "secret", 'migration' FROM "vendor_credentials" WHERE "enabled";
--> statement-breakpoint
DROP TABLE IF EXISTS "vendor_credentials";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "seamless_rounds" (
	"merchant_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_rounds_pk" PRIMARY KEY ("merchant_id","vendor","round_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD COLUMN IF NOT EXISTS "fingerprint" text;
--> statement-breakpoint
CREATE TABLE "aggregator_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"operator_id" text NOT NULL,
	"vendor_prefix" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"vendors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_import" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_configs_key" ON "aggregator_configs" USING btree ("merchant_id","code");
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "image_url" text;
