-- Security centre (§2, §3, §7): the member's current avatar, and the avatar images themselves
-- (png or jpg, metadata stripped, served at /wps/member/icon/<id>.<ext>).
ALTER TABLE "members" ADD COLUMN "avatar" text;--> statement-breakpoint
CREATE TABLE "member_avatars" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg')),
	"data" bytea NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_avatars_member" ON "member_avatars" USING btree ("member_id");
