-- Agent reports (issue 8): the P&L statement's bonus, salary and dividend columns on the member
-- and team day rollups, and the team day's active-member gap counts that make a distinct count
-- of active members over a period a sum of at most 31 team rows.
ALTER TABLE "agent_daily_stats" ADD COLUMN "bonus" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_daily_stats" ADD COLUMN "salary" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_daily_stats" ADD COLUMN "dividend" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_team_daily" ADD COLUMN "bonus" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_team_daily" ADD COLUMN "salary" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_team_daily" ADD COLUMN "dividend" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- active_since[j + 1]: members active that day whose previous active day is more than j days
-- earlier (or who had none), j = 0…30; active_since[1] = active_members.
ALTER TABLE "agent_team_daily" ADD COLUMN "active_since" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- A top agent's contract comes from the platform: no upline member (paid from the brand's house wallet).
ALTER TABLE "agent_contracts" ALTER COLUMN "upline_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_contract_payouts" ALTER COLUMN "upline_id" DROP NOT NULL;
