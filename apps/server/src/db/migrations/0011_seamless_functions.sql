-- Seamless-wallet SQL functions (one round trip per bet and per win).
SELECT 1;
