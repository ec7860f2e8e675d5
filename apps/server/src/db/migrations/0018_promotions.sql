-- Reserved for 0018_promotions (being written); a no-op until then.
SELECT 1;
