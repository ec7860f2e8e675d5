-- Void refunds finished by the draw job (modules/lottery/draws.ts finishVoids): a void issue gets
-- settled_at once none of its bets is open or pending; the job looks only at void issues without it.
CREATE INDEX IF NOT EXISTS "lottery_draws_void_unrefunded" ON "lottery_draws" USING btree ("merchant_id") WHERE "status" = 'void' AND "settled_at" IS NULL;
--> statement-breakpoint
-- void issues already fully refunded are done; the ones a crash left with open bets stay for the job
UPDATE "lottery_draws" d SET "settled_at" = coalesce(d."voided_at", now())
WHERE d."status" = 'void' AND d."settled_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "lottery_bets" b WHERE b."draw_id" = d."id" AND b."status" IN ('open', 'pending'));
