-- Feedback form (§2, §5, §7 PUT /wps/feedback): a member writes a typed message within the
-- brand's word bounds, with up to 3 png/jpg images; the operator answers it. Settings hold the
-- brand's bounds (a brand without a row uses the defaults of the contract).
CREATE TABLE "feedback_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"min_words" integer NOT NULL CHECK ("min_words" >= 0),
	"max_words" integer NOT NULL CHECK ("max_words" >= 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_settings_bounds" CHECK ("min_words" <= "max_words")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"type" text NOT NULL CHECK ("type" IN ('suggestion', 'deposit', 'withdraw', 'game', 'account', 'other')),
	"content" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_reply_time" CHECK (("reply" IS NULL) = ("replied_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "feedback_member" ON "feedback" USING btree ("merchant_id", "member_id", "id");
--> statement-breakpoint
CREATE INDEX "feedback_open" ON "feedback" USING btree ("merchant_id", "id") WHERE "reply" IS NULL;
--> statement-breakpoint
-- Images of a feedback: checked by magic bytes and rewritten without metadata; id is random
-- (128 bits), served at /wps/feedback/image/<id>.<ext> with nosniff.
CREATE TABLE "feedback_images" (
	"id" text PRIMARY KEY NOT NULL,
	"feedback_id" bigint NOT NULL REFERENCES "feedback"("id") ON DELETE CASCADE,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"position" integer NOT NULL CHECK ("position" BETWEEN 0 AND 2),
	"content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg')),
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_images_slot" ON "feedback_images" USING btree ("feedback_id", "position");
--> statement-breakpoint
-- Activity comments (§5: 140 characters) on promotions; plain text, shown as text.
CREATE TABLE "promotion_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"promotion_id" bigint NOT NULL REFERENCES "promotions"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"content" text NOT NULL CHECK (char_length("content") BETWEEN 1 AND 140),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotion_comments_list" ON "promotion_comments" USING btree ("merchant_id", "promotion_id", "id");
