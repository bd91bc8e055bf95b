-- The first admin's way in without SMS (issue 11): `npm run staff:create` prints a one-time
-- code that the console's code step accepts instead of an SMS code, once, within 30 minutes,
-- and only after the right password. One pending code per staff member; only its hash is kept.
create table staff_bootstrap_codes (
  staff_id uuid primary key references staff (id) on delete cascade,
  code_hash bytea not null,
  expires_at timestamptz not null,
  -- When the password step last succeeded while this code was pending (the code step needs it).
  password_checked_at timestamptz,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);
