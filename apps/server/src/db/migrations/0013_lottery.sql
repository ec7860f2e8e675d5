-- Reserved for 0013_lottery (being written); a no-op until then.
SELECT 1;
