CREATE TABLE "bet_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"vendor" text NOT NULL,
	"game" text NOT NULL,
	"game_type" text NOT NULL,
	"round_id" text NOT NULL,
	"bet" bigint NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bet_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bet_records_orderNo_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "vendor_credentials" (
	"merchant_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"tx_id" text NOT NULL,
	"ref_tx_id" text,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"answer" jsonb,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bet_records" ADD CONSTRAINT "bet_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credentials" ADD CONSTRAINT "vendor_credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_records_round" ON "bet_records" USING btree ("merchant_id","vendor","round_id");--> statement-breakpoint
CREATE INDEX "bet_records_member" ON "bet_records" USING btree ("merchant_id","member_id","bet_at");--> statement-breakpoint
CREATE INDEX "bet_records_settled" ON "bet_records" USING btree ("merchant_id","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credentials_key" ON "vendor_credentials" USING btree ("merchant_id","vendor");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transactions_tx" ON "vendor_transactions" USING btree ("merchant_id","vendor","tx_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_round" ON "vendor_transactions" USING btree ("merchant_id","vendor","round_id");