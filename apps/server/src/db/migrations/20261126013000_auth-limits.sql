-- Issue 11, findings 6 to 8: sliding-window limits, a per-phone lock on guessed codes, codes tied
-- to their context.

-- A sliding window is a log of hits: one row per counted request, counted over the last window
-- (not over a clock-aligned bucket, which lets a burst at a bucket's end plus one at the next
-- bucket's start through at twice the limit). Shared through PostgreSQL by every API process.
drop table rate_limit_counters;
create table rate_limit_hits (
  id bigint generated always as identity primary key,
  key text not null,
  at timestamptz not null
);
create index rate_limit_hits_key_at_idx on rate_limit_hits (key, at desc);

-- After too many wrong codes for one phone in a day, codes for that phone are refused until
-- locked_until. notified_at says the owner was told (one SMS per lock).
create table otp_locks (
  phone text primary key,
  locked_at timestamptz not null,
  locked_until timestamptz not null,
  notified_at timestamptz
);

-- A code belongs to a purpose and, for shop actions, to a shop: `context` is the shop id, or ''
-- when the purpose has no shop. The hash covers it too.
alter table otp_codes add column context text not null default '';
drop index otp_codes_lookup_idx;
create index otp_codes_lookup_idx on otp_codes (phone, purpose, context, created_at desc);
