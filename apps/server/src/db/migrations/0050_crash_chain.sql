-- Issue 21: the crash game's published hash chains (one at a time per brand and game). The start
-- of a chain is sealed (lib/seal.ts; the key is not in the database); its terminating hash is
-- published before the chain's first round. Each round's seed is a demo_vendor_seeds row of the
-- game (player `crash:<nodeId>`, sealed until the round crashes) and its rows in
-- demo_vendor_rounds share the round id (the game's own row and one per bet).
CREATE TABLE "demo_vendor_crash_chains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_vendor_crash_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"seq" integer NOT NULL,
	"length" integer NOT NULL,
	"start_seed" text NOT NULL,
	"terminating_hash" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_vendor_crash_chains" ADD CONSTRAINT "demo_vendor_crash_chains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_vendor_crash_chains_seq" ON "demo_vendor_crash_chains" USING btree ("merchant_id","node_id","seq");
