ALTER TABLE "agent_invites" ADD COLUMN "campaign" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_invites" ADD COLUMN "sub_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"agent_id" bigint NOT NULL,
	"link_key" bigint NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"sub_id" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"click_id" text NOT NULL,
	"landing" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_visit" ON "affiliate_clicks" USING btree ("agent_id","link_key","campaign","sub_id","day","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_click" ON "affiliate_clicks" USING btree ("click_id");--> statement-breakpoint
CREATE TABLE "affiliate_attribution" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"agent_id" bigint NOT NULL,
	"link_key" bigint NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"sub_id" text DEFAULT '' NOT NULL,
	"click_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "affiliate_attribution_agent" ON "affiliate_attribution" USING btree ("agent_id");--> statement-breakpoint
CREATE TABLE "affiliate_link_daily" (
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"link_key" bigint NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"sub_id" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"ftds" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"ggr" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"ngr" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_link_daily_agent_id_day_link_key_campaign_sub_id_pk" PRIMARY KEY("agent_id","day","link_key","campaign","sub_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_postback_urls" (
	"agent_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"event" text NOT NULL,
	"template" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_postback_urls_agent_id_event_pk" PRIMARY KEY("agent_id","event"),
	CONSTRAINT "affiliate_postback_urls_event" CHECK ("event" IN ('registration', 'ftd', 'cpa'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_postbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL REFERENCES "public"."merchants"("id"),
	"agent_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postbacks_once" ON "affiliate_postbacks" USING btree ("member_id","event");--> statement-breakpoint
CREATE INDEX "affiliate_postbacks_due" ON "affiliate_postbacks" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "affiliate_postbacks_agent" ON "affiliate_postbacks" USING btree ("agent_id","id");--> statement-breakpoint
CREATE TABLE "affiliate_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL REFERENCES "public"."merchants"("id"),
	"postback_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"admin_fee_bps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_fee_bps" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
