CREATE TABLE "point_accounts" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_accounts_not_negative" CHECK ("point_accounts"."balance" >= 0 and "point_accounts"."earned" >= 0 and "point_accounts"."carry" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"idem_key" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_postings_kind" CHECK ("point_postings"."kind" in ('earn', 'redeem', 'refund', 'convert', 'adjust')),
	CONSTRAINT "point_postings_balance" CHECK ("point_postings"."balance_after" >= 0 and "point_postings"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "point_bet_accruals" (
	"bet_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_watermarks" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"settled_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"cost" bigint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer,
	"voucher_amount" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_rewards_values" CHECK ("point_rewards"."cost" > 0 and "point_rewards"."stock" >= 0 and ("point_rewards"."kind" = 'voucher') = ("point_rewards"."voucher_amount" is not null) and coalesce("point_rewards"."voucher_amount", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "point_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"reward_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"status" text DEFAULT 'process' NOT NULL,
	"receiver" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"voucher_amount" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "point_redemptions_status" CHECK ("point_redemptions"."status" in ('process', 'approved', 'rejected') and "point_redemptions"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_accounts" ADD CONSTRAINT "point_accounts_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_accounts" ADD CONSTRAINT "point_accounts_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_bet_accruals" ADD CONSTRAINT "point_bet_accruals_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_watermarks" ADD CONSTRAINT "point_watermarks_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_rewards" ADD CONSTRAINT "point_rewards_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_reward_id_fkey" FOREIGN KEY ("reward_id") REFERENCES "public"."point_rewards"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "point_postings_idem" ON "point_postings" USING btree ("merchant_id","idem_key");
--> statement-breakpoint
CREATE INDEX "point_postings_member" ON "point_postings" USING btree ("merchant_id","member_id","id");
--> statement-breakpoint
CREATE INDEX "point_rewards_brand" ON "point_rewards" USING btree ("merchant_id","sort");
--> statement-breakpoint
CREATE UNIQUE INDEX "point_redemptions_order" ON "point_redemptions" USING btree ("order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "point_redemptions_request" ON "point_redemptions" USING btree ("merchant_id","member_id","request_id");
--> statement-breakpoint
CREATE INDEX "point_redemptions_member" ON "point_redemptions" USING btree ("merchant_id","member_id","reward_id");
--> statement-breakpoint
CREATE INDEX "point_redemptions_review" ON "point_redemptions" USING btree ("merchant_id","status","id");
