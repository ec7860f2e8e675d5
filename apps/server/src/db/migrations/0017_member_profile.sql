-- Reserved for 0017_member_profile (being written); a no-op until then.
SELECT 1;
