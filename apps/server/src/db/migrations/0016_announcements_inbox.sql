-- Announcements (§3, §4, §7 MCSFE_getListAnnouncements): banners (B, by group), player notices
-- (PL: marquee and notice popup), popups (PU), promotion announcements (PR) and agent
-- announcements (H). execution null = everyone; A logged in, B visitors, F first login.
CREATE TABLE "announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"type" text NOT NULL CHECK ("type" IN ('B', 'PL', 'PU', 'PR', 'H')),
	"group_name" text CHECK ("group_name" IN ('w_home', 'w_leftmenu', 'w_login', 'w_forget')),
	"execution" text CHECK ("execution" IN ('A', 'B', 'F')),
	"language" text,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"linkage_type" text DEFAULT 'none' NOT NULL CHECK ("linkage_type" IN ('none', 'internal', 'external')),
	"image" text DEFAULT '' NOT NULL,
	"promotion_type" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_banner_group" CHECK (("type" = 'B') = ("group_name" IS NOT NULL)),
	CONSTRAINT "announcements_window" CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "starts_at" < "ends_at")
);
--> statement-breakpoint
CREATE INDEX "announcements_merchant" ON "announcements" USING btree ("merchant_id", "type");
--> statement-breakpoint
-- Inbox (messageV2): one message, one delivery row per recipient. recipient_id null = support
-- (the operator reads it); sender_id null = the operator.
CREATE TABLE "inbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"sender_kind" text NOT NULL CHECK ("sender_kind" IN ('operator', 'upline', 'member')),
	"sender_id" bigint REFERENCES "members"("id"),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_sender" CHECK (("sender_kind" = 'operator') = ("sender_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "inbox_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"message_id" bigint NOT NULL REFERENCES "inbox_messages"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"recipient_id" bigint REFERENCES "members"("id"),
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_deliveries_once" ON "inbox_deliveries" USING btree ("message_id", "recipient_id");
--> statement-breakpoint
CREATE INDEX "inbox_deliveries_box" ON "inbox_deliveries" USING btree ("merchant_id", "recipient_id", "id") WHERE "deleted_at" IS NULL;
