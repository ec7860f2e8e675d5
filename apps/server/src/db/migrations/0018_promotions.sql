CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"category" text NOT NULL,
	"rule" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"basis" bigint DEFAULT 0 NOT NULL,
	"turnover_required" bigint DEFAULT 0 NOT NULL,
	"source_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "promotion_claims_amount" CHECK ("promotion_claims"."amount" >= 0 and "promotion_claims"."basis" >= 0 and "promotion_claims"."turnover_required" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "promotions_brand" ON "promotions" USING btree ("merchant_id","sort");
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_once" ON "promotion_claims" USING btree ("merchant_id","promotion_id","member_id","period_key");
--> statement-breakpoint
CREATE INDEX "promotion_claims_member" ON "promotion_claims" USING btree ("merchant_id","member_id","created_at");
--> statement-breakpoint
CREATE INDEX "promotion_claims_review" ON "promotion_claims" USING btree ("merchant_id","created_at") WHERE "promotion_claims"."status" = 'applying';
