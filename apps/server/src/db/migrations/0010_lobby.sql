CREATE TABLE "favorite_games" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"vendor" text NOT NULL,
	"game_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"game_type" text NOT NULL,
	"launches" integer DEFAULT 1 NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_vendor_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_vendor_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"player" text NOT NULL,
	"round_id" text NOT NULL,
	"engine" text NOT NULL,
	"node_id" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"seed_id" bigint,
	"nonce" integer,
	"bet" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"input" jsonb,
	"outcome" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "demo_vendor_seeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_vendor_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"player" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "demo_vendor_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"node_id" text NOT NULL,
	"engine" text NOT NULL,
	"account" text,
	"player" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"trial_balance" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"language" text DEFAULT 'ES' NOT NULL,
	"back_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_vendor_rounds" ADD CONSTRAINT "demo_vendor_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_vendor_seeds" ADD CONSTRAINT "demo_vendor_seeds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_vendor_sessions" ADD CONSTRAINT "demo_vendor_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_games_key" ON "favorite_games" USING btree ("merchant_id","member_id","node_id");--> statement-breakpoint
CREATE INDEX "favorite_games_member" ON "favorite_games" USING btree ("merchant_id","member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recent_games_key" ON "recent_games" USING btree ("merchant_id","member_id","node_id");--> statement-breakpoint
CREATE INDEX "recent_games_member" ON "recent_games" USING btree ("merchant_id","member_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_vendor_rounds_round" ON "demo_vendor_rounds" USING btree ("merchant_id","round_id","player");--> statement-breakpoint
CREATE INDEX "demo_vendor_rounds_player" ON "demo_vendor_rounds" USING btree ("merchant_id","player","id");--> statement-breakpoint
CREATE INDEX "demo_vendor_rounds_pending" ON "demo_vendor_rounds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_vendor_seeds_active" ON "demo_vendor_seeds" USING btree ("merchant_id","player") WHERE active;--> statement-breakpoint
CREATE INDEX "demo_vendor_seeds_player" ON "demo_vendor_seeds" USING btree ("merchant_id","player","id");--> statement-breakpoint
CREATE INDEX "demo_vendor_sessions_expiry" ON "demo_vendor_sessions" USING btree ("expires_at");