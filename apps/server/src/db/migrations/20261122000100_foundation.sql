-- Foundation: geography, accounts, sessions, one-time codes, rate-limit counters, SMS outbox.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- Geography ---------------------------------------------------------------------------------
create table divisions (
  id text primary key,
  name_en text not null,
  name_bn text not null,
  aliases text[] not null default '{}',
  lat double precision,
  lng double precision
);

create table districts (
  id text primary key,
  division_id text not null references divisions (id),
  name_en text not null,
  name_bn text not null,
  aliases text[] not null default '{}',
  lat double precision,
  lng double precision
);
create index districts_division_idx on districts (division_id);

create table zones (
  id text primary key check (id ~ '^[a-z][a-z0-9_]*$'),
  name_en text not null,
  name_bn text not null,
  sort_order int not null default 0
);

create table hubs (
  id text primary key,
  district_id text not null references districts (id),
  name_en text not null,
  name_bn text not null,
  kind text not null check (kind in ('district', 'city', 'sorting')),
  address text,
  active boolean not null default true
);
create index hubs_district_idx on hubs (district_id);

-- A delivery area: every upazila, plus the finer city areas (the most specific area wins).
create table areas (
  id text primary key,
  district_id text not null references districts (id),
  kind text not null check (kind in ('upazila', 'thana', 'neighbourhood', 'suburb')),
  city text,
  parent_upazila_id text references areas (id),
  name_en text not null,
  name_bn text not null,
  aliases text[] not null default '{}',
  postcode text,
  zone_id text not null references zones (id),
  hub_id text not null references hubs (id),
  is_covered boolean not null default true,
  -- Lower-cased English and Bengali names and aliases, for prefix and fuzzy search.
  search_text text not null
);
create index areas_district_idx on areas (district_id);
create index areas_search_trgm_idx on areas using gin (search_text gin_trgm_ops);

-- Accounts --------------------------------------------------------------------------------
create table users (
  id uuid primary key default gen_random_uuid(),
  phone text not null unique check (phone ~ '^8801[13-9][0-9]{8}$'),
  account_type text not null default 'merchant' check (account_type in ('merchant', 'partner')),
  -- The name the merchant goes by (registration's "merchant name"); full_name is as on the NID.
  display_name text,
  full_name text,
  date_of_birth date,
  password_hash text,
  referral_code text,
  language text not null default 'en' check (language in ('en', 'bn')),
  terms_accepted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table shops (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  owner_user_id uuid not null references users (id),
  merchant_type text not null default 'b2c' check (merchant_type in ('b2c', 'offline_agent', 'ltl', 'b2b')),
  daily_parcel_count int not null default 0 check (daily_parcel_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table shop_members (
  shop_id uuid not null references shops (id) on delete cascade,
  user_id uuid not null references users (id),
  role text not null check (role in ('owner', 'editor', 'viewer')),
  status text not null default 'active' check (status in ('active', 'removed')),
  created_at timestamptz not null default now(),
  primary key (shop_id, user_id)
);
create index shop_members_user_idx on shop_members (user_id);

create table staff (
  id uuid primary key default gen_random_uuid(),
  phone text not null unique check (phone ~ '^8801[13-9][0-9]{8}$'),
  name text not null,
  role text not null check (role in ('admin', 'hub_manager', 'rider', 'finance', 'support')),
  password_hash text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Sessions are revocable rows; only a hash of the bearer token is kept.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  user_id uuid references users (id),
  staff_id uuid references staff (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  check ((user_id is null) <> (staff_id is null))
);
create index sessions_user_idx on sessions (user_id);
create index sessions_staff_idx on sessions (staff_id);

-- Short-lived tokens for one action on one entity (spec: temporary access tokens).
create table temporary_access_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  created_by_user_id uuid references users (id),
  allowed_action text not null,
  identity_type text not null,
  identity_value text not null,
  entity_type text not null,
  entity_value text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  phone text not null,
  purpose text not null check (purpose in ('login', 'registration', 'password_reset', 'staff_login')),
  code_hash bytea not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts int not null default 0,
  verified_at timestamptz,
  consumed_at timestamptz,
  requested_ip text
);
create index otp_codes_lookup_idx on otp_codes (phone, purpose, created_at desc);

-- Fixed-window counters shared by every API process (rate limits live in the database).
create table rate_limit_counters (
  key text not null,
  window_start timestamptz not null,
  hits int not null,
  primary key (key, window_start)
);

-- Every SMS we send or would send; the local default provider only records here.
create table sms_outbox (
  id bigint generated always as identity primary key,
  to_phone text not null,
  body text not null,
  purpose text not null,
  provider text not null,
  status text not null check (status in ('recorded', 'sent', 'failed')),
  provider_message_id text,
  error text,
  created_at timestamptz not null default now()
);
create index sms_outbox_to_idx on sms_outbox (to_phone, created_at desc);
