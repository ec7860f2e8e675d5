-- reserved for issue work; replaced by the issue's tables
SELECT 1;
