-- issue 22: payment providers (channels per brand, payments, events, payouts, reconciliation) and the demo provider's books
CREATE TABLE "payment_channels" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"method" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_channels_merchant_id_method_channel_pk" PRIMARY KEY("merchant_id","method","channel")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"payout_provider" text,
	"demo_api_key" text NOT NULL,
	"demo_webhook_secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"charge_ref" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text NOT NULL,
	"flag" text,
	"shortfall" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("amount" > 0 and "shortfall" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order" ON "payments" USING btree ("merchant_id","order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_ref" ON "payments" USING btree ("provider","provider_ref");
--> statement-breakpoint
CREATE INDEX "payments_paid" ON "payments" USING btree ("merchant_id","provider","paid_at");
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"ref" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_id" ON "payment_events" USING btree ("provider","event_id");
--> statement-breakpoint
CREATE INDEX "payment_events_ref" ON "payment_events" USING btree ("merchant_id","ref");
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"withdraw_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_withdrawal" ON "payouts" USING btree ("merchant_id","withdraw_no");
--> statement-breakpoint
CREATE INDEX "payouts_queued" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'queued';
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"provider_amount" bigint,
	"ledger_amount" bigint,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"reason" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_key" ON "reconciliation_items" USING btree ("merchant_id","provider","day","ref","kind");
--> statement-breakpoint
CREATE TABLE "demo_pay_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"outcome" text,
	"return_url" text DEFAULT '' NOT NULL,
	"webhook_url" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_pay_sessions_ref" ON "demo_pay_sessions" USING btree ("merchant_code","kind","reference");
--> statement-breakpoint
CREATE INDEX "demo_pay_sessions_settled" ON "demo_pay_sessions" USING btree ("merchant_code","settled_at");
--> statement-breakpoint
CREATE TABLE "demo_pay_webhooks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"session_id" text NOT NULL REFERENCES "demo_pay_sessions"("id"),
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_status" integer
);
--> statement-breakpoint
CREATE INDEX "demo_pay_webhooks_due" ON "demo_pay_webhooks" USING btree ("due_at") WHERE "demo_pay_webhooks"."delivered_at" is null;
