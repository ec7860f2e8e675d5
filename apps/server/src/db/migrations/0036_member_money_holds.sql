-- Agents' powers over members (issue 18 item 2; modules/member/security.ts):
-- member_security: the last password reset (who started it), the money-out block of an agent's
--   temporary password (until the member binds a contact) and the money-out hold after a login from
--   a new device following a reset;
-- member_devices: the devices each member has logged in from (SHA-256 of the known-device id the
--   browser keeps, session/device.ts);
-- member_proofs: a session's proof from the member's bound mobile or e-mail (a code), short-lived.
CREATE TABLE "member_security" (
	"member_id" bigint PRIMARY KEY NOT NULL REFERENCES "members"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"reset_at" timestamp with time zone,
	"reset_by" text CHECK ("reset_by" IN ('agent', 'member', 'operator')),
	"contact_required" boolean DEFAULT false NOT NULL,
	"hold_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_devices" (
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"device_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("member_id", "device_hash")
);
--> statement-breakpoint
CREATE TABLE "member_proofs" (
	"session_id" bigint PRIMARY KEY NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"channel" text NOT NULL CHECK ("channel" IN ('sms', 'email')),
	"expires_at" timestamp with time zone NOT NULL
);
