DROP INDEX "ledger_accounts_brand";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_brand_shard" ON "ledger_accounts" USING btree ("merchant_id","wallet","shard") WHERE "ledger_accounts"."member_id" is null;