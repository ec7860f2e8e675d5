-- Reserved for 0015_agent_invites (being written); a no-op until then.
SELECT 1;
