-- Operator console, Lottery page (issue 6): why an issue was voided and by whom (also in the audit log).
ALTER TABLE "lottery_draws" ADD COLUMN IF NOT EXISTS "void_reason" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN IF NOT EXISTS "voided_by" text;
