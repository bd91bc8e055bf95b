-- Issue 16, hot reads: a lease of the leased limiter (plugins/rate-limit-leased.ts) is one row
-- carrying its number of hits, not one row per hit. Under a large limit a busy key held one row
-- per request of the last window (360 000 rows at 6 000 requests a second), and every lease
-- counted them all under the key's lock while the process's requests for that key waited.
-- A window's hits are now sum(hits); the exact limiter's rows keep 1.
alter table rate_limit_hits add column hits integer not null default 1 check (hits > 0);
