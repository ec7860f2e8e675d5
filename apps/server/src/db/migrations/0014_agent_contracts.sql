-- Agent contracts (issue 8 item 3): an upline offers a direct downline agent a dividend, daily,
-- hourly or real-time salary contract; states new -> success | termination (spec §4). At most
-- one offer waiting and one contract in force per (downline, kind). Rates are integers:
-- percent rates in hundredths of a percent (1.50% = 150), fixed rates in minor units.
CREATE TABLE "agent_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upline_id" bigint NOT NULL,
	"downline_id" bigint NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"period" text,
	"max_pct" bigint DEFAULT 0 NOT NULL,
	"max_fixed" bigint DEFAULT 0 NOT NULL,
	"end_reason" text,
	"ended_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_kind" CHECK ("kind" in ('dividend', 'daily', 'hourly', 'realtime')),
	CONSTRAINT "agent_contracts_status" CHECK ("status" in ('new', 'success', 'termination')),
	CONSTRAINT "agent_contracts_period" CHECK (("kind" = 'dividend') = ("period" is not null) and ("period" is null or "period" in ('daily', 'weekly', 'semimonthly', 'monthly'))),
	CONSTRAINT "agent_contracts_parties" CHECK ("upline_id" <> "downline_id")
);
--> statement-breakpoint
CREATE TABLE "agent_contract_tiers" (
	"contract_id" bigint NOT NULL,
	"idx" smallint NOT NULL,
	"min_bet" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"rate_type" text DEFAULT 'P' NOT NULL,
	"rate" bigint NOT NULL,
	CONSTRAINT "agent_contract_tiers_pk" PRIMARY KEY("contract_id","idx"),
	CONSTRAINT "agent_contract_tiers_rate" CHECK ("rate" > 0 and "rate_type" in ('P', 'F') and ("rate_type" = 'F' or "rate" <= 10000))
);
--> statement-breakpoint
-- One row per (contract, period): computed first (pending), then paid through the ledger with
-- the idempotency key contract_payout:<id> (disbursed); 'none' = no tier reached, nothing to pay.
CREATE TABLE "agent_contract_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"upline_id" bigint NOT NULL,
	"downline_id" bigint NOT NULL,
	"day" date NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"cum_valid_bet" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"tier_idx" smallint,
	"rate_type" text,
	"rate" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"posting_id" bigint,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "agent_contract_payouts_once" UNIQUE("contract_id","period_start"),
	CONSTRAINT "agent_contract_payouts_status" CHECK ("status" in ('pending', 'disbursed', 'none')),
	CONSTRAINT "agent_contract_payouts_amount" CHECK ("amount" >= 0 and ("status" <> 'none' or "amount" = 0))
);
--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_tiers" ADD CONSTRAINT "agent_contract_tiers_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_payouts" ADD CONSTRAINT "agent_contract_payouts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_payouts" ADD CONSTRAINT "agent_contract_payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_offer" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "status" = 'new';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_live" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "status" = 'success';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline" ON "agent_contracts" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_settle" ON "agent_contracts" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "agent_contract_payouts_payee" ON "agent_contract_payouts" USING btree ("downline_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_payouts_payer" ON "agent_contract_payouts" USING btree ("upline_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_payouts_pending" ON "agent_contract_payouts" USING btree ("kind","id") WHERE "status" = 'pending';
