-- Operator console, content (issue 9 item 3): an announcement or banner can be unpublished
-- without deleting it, and banner art uploaded by an operator is kept (checked by magic bytes and
-- rewritten without metadata) and served at /wps/announcements/art/upload/<id>.<ext>.
ALTER TABLE "announcements" ADD COLUMN IF NOT EXISTS "enabled" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "banner_images" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg')),
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "banner_images_merchant" ON "banner_images" USING btree ("merchant_id", "created_at");
