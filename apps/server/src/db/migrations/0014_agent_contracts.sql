-- Reserved for 0014_agent_contracts (being written); a no-op until then.
SELECT 1;
