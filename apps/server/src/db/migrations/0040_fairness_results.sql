-- Issue 21: provably fair commitments. The next server seed of a pair (sealed, lib/seal.ts) and
-- its hash, shown before the player can change the client seed; a baccarat bet's client seed,
-- mixed into the table round's cut. Unrevealed seeds stored in plain text before this are sealed
-- by the server at start (the key is not in the database).
ALTER TABLE "demo_vendor_seeds" ADD COLUMN "next_server_seed" text;
--> statement-breakpoint
ALTER TABLE "demo_vendor_seeds" ADD COLUMN "next_server_seed_hash" text;
--> statement-breakpoint
ALTER TABLE "demo_vendor_rounds" ADD COLUMN "client_seed" text;
