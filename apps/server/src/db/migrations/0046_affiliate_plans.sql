-- Issue 25 items 4 and 5: commission plans (CPA, hybrid, negative carry-over) and marketing banners.
ALTER TABLE "agent_contracts" ADD COLUMN "plan" text DEFAULT 'revshare' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD COLUMN "negative_carry" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_plan" CHECK ("plan" IN ('revshare', 'cpa', 'hybrid') AND ("plan" = 'revshare' OR "kind" = 'dividend'));--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_negative_carry" CHECK ("negative_carry" IN ('off', 'on', 'monthly'));--> statement-breakpoint
ALTER TABLE "agent_contract_payouts" ADD COLUMN "carry_in" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_payouts" ADD COLUMN "carry_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_settings" ADD COLUMN "cpa_rule" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "agent_contract_cpa" (
	"contract_id" bigint PRIMARY KEY NOT NULL REFERENCES "public"."agent_contracts"("id"),
	"amount" bigint NOT NULL,
	"min_deposit" bigint,
	"min_valid_bet" bigint,
	"days" integer,
	CONSTRAINT "agent_contract_cpa_terms" CHECK ("amount" > 0 AND ("min_deposit" IS NULL OR "min_deposit" >= 0) AND ("min_valid_bet" IS NULL OR "min_valid_bet" >= 0) AND ("days" IS NULL OR "days" BETWEEN 1 AND 90))
);
--> statement-breakpoint
CREATE TABLE "affiliate_cpa_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_cpa_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"contract_id" bigint NOT NULL REFERENCES "public"."agent_contracts"("id"),
	"upline_id" bigint,
	"downline_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"ftd_day" date NOT NULL,
	"first_deposit" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "affiliate_cpa_payouts_once" UNIQUE("contract_id","member_id"),
	CONSTRAINT "affiliate_cpa_payouts_status" CHECK ("status" IN ('pending', 'disbursed') AND "amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "affiliate_cpa_payouts_payee" ON "affiliate_cpa_payouts" USING btree ("downline_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_cpa_payouts_pending" ON "affiliate_cpa_payouts" USING btree ("merchant_id","id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE TABLE "affiliate_banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"image_url" text NOT NULL,
	"landing_path" text DEFAULT '/' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_banners_size" CHECK ("width" BETWEEN 1 AND 4000 AND "height" BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE INDEX "affiliate_banners_brand" ON "affiliate_banners" USING btree ("merchant_id","id");
--> statement-breakpoint
CREATE TABLE "agent_member_window" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"end_day" date NOT NULL,
	"days" smallint NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"salary" bigint DEFAULT 0 NOT NULL,
	"dividend" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_member_window_pk" PRIMARY KEY("member_id","end_day","days")
);
--> statement-breakpoint
CREATE INDEX "agent_member_window_bet" ON "agent_member_window" USING btree ("merchant_id","end_day","days","bet" DESC,"member_id") WHERE "bets" > 0;--> statement-breakpoint
CREATE INDEX "agent_member_window_valid" ON "agent_member_window" USING btree ("merchant_id","end_day","days","valid_bet" DESC,"member_id" DESC);--> statement-breakpoint
CREATE TABLE "agent_team_window" (
	"agent_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"end_day" date NOT NULL,
	"days" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"bettors" integer DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_window_pk" PRIMARY KEY("agent_id","end_day","days")
);
--> statement-breakpoint
CREATE TABLE "agent_window_marks" (
	"merchant_id" integer NOT NULL,
	"end_day" date NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dirty" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agent_window_marks_pk" PRIMARY KEY("merchant_id","end_day")
);
