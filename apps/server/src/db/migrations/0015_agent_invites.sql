CREATE TABLE "agent_invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" text NOT NULL,
	"account_type" text NOT NULL,
	"expiry" text NOT NULL,
	"expires_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"disabled_at" timestamp with time zone,
	"registrations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_invites_account_type" CHECK ("account_type" IN ('agent', 'member')),
	CONSTRAINT "agent_invites_expiry" CHECK ("expiry" IN ('1d', '7d', '30d', 'permanent', 'custom')),
	CONSTRAINT "agent_invites_expires" CHECK (("expiry" = 'permanent') = ("expires_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "agent_invites" ADD CONSTRAINT "agent_invites_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invites" ADD CONSTRAINT "agent_invites_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_invites_code" ON "agent_invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "agent_invites_agent" ON "agent_invites" USING btree ("agent_id","id");
