-- Operator console, rewards (issue 9 item 3): VIP level labels per language ({"ES": "...", "EN": "..."});
-- an empty object falls back to the level's label.
ALTER TABLE "vip_levels" ADD COLUMN IF NOT EXISTS "labels" jsonb DEFAULT '{}'::jsonb NOT NULL;
