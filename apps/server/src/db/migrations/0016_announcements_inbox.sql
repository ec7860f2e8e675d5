-- Reserved for 0016_announcements_inbox (being written); a no-op until then.
SELECT 1;
