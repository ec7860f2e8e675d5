CREATE TABLE "deposit_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_code" text,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"payee" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "deposit_orders_amount" CHECK ("deposit_orders"."amount" > 0 and "deposit_orders"."bonus_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_secrets" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"payment_password_hash" text,
	"payment_password_failures" integer DEFAULT 0 NOT NULL,
	"payment_password_locked_until" timestamp with time zone,
	"payee_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "turnover_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"required" bigint NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdraw_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no" text NOT NULL,
	"payee_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"withdraw_no" text NOT NULL,
	"request_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"account" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt" text,
	"received_amount" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"member_remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_secrets" ADD CONSTRAINT "member_secrets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_accounts" ADD CONSTRAINT "withdraw_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_accounts" ADD CONSTRAINT "withdraw_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_withdraw_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."withdraw_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_no" ON "deposit_orders" USING btree ("merchant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_request" ON "deposit_orders" USING btree ("merchant_id","member_id","request_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_member" ON "deposit_orders" USING btree ("merchant_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_brand" ON "deposit_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_pending" ON "deposit_orders" USING btree ("expires_at") WHERE "deposit_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_ref" ON "turnover_requirements" USING btree ("merchant_id","source_ref");--> statement-breakpoint
CREATE INDEX "turnover_requirements_open" ON "turnover_requirements" USING btree ("member_id","id") WHERE "turnover_requirements"."completed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_accounts_unique" ON "withdraw_accounts" USING btree ("member_id","kind","account_no");--> statement-breakpoint
CREATE INDEX "withdraw_accounts_member" ON "withdraw_accounts" USING btree ("merchant_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_no" ON "withdrawals" USING btree ("merchant_id","withdraw_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request" ON "withdrawals" USING btree ("merchant_id","member_id","request_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member" ON "withdrawals" USING btree ("merchant_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_brand" ON "withdrawals" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_paid" ON "withdrawals" USING btree ("merchant_id","paid_at") WHERE "withdrawals"."status" = 'paid';