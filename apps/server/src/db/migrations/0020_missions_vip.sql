CREATE TABLE "missions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_amounts" CHECK ("missions"."target" > 0 and "missions"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"mission_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"progress" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"posting_id" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"label" text NOT NULL,
	"min_deposit" bigint NOT NULL,
	"min_valid_bet" bigint NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_levels_merchant_id_level_pk" PRIMARY KEY("merchant_id","level"),
	CONSTRAINT "vip_levels_amounts" CHECK ("vip_levels"."level" >= 0 and "vip_levels"."min_deposit" >= 0 and "vip_levels"."min_valid_bet" >= 0 and "vip_levels"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_rewards" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"posting_id" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_rewards_merchant_id_member_id_level_pk" PRIMARY KEY("merchant_id","member_id","level")
);
--> statement-breakpoint
CREATE TABLE "member_activity_totals" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"through_at" timestamp with time zone NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_activity_totals_merchant_id_member_id_pk" PRIMARY KEY("merchant_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vip_rewards" ADD CONSTRAINT "vip_rewards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vip_rewards" ADD CONSTRAINT "vip_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_activity_totals" ADD CONSTRAINT "member_activity_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_activity_totals" ADD CONSTRAINT "member_activity_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "missions_brand" ON "missions" USING btree ("merchant_id","sort");
--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_once" ON "mission_claims" USING btree ("merchant_id","mission_id","member_id","period_key");
--> statement-breakpoint
CREATE INDEX "mission_claims_member" ON "mission_claims" USING btree ("merchant_id","member_id","period_key");
