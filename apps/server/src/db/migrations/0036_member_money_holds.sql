-- Issue 18 item 2 (agents' powers over members): money-out holds, known devices and reset links.
-- (filled in by the same change; the number is reserved here)
SELECT 1;
