-- A shop's API keys (issue 15, item 1): the developer API's credentials. The token a merchant
-- copies is `dak_<key_id>_<secret>`; key_id is public (shown in the list, the Steadfast
-- `Api-Key`), the secret is shown once and only its keyed hash is kept: HMAC-SHA256 with a server
-- key (the data key ring, `hash_key_id` names which), so a copy of this table alone cannot even
-- confirm a guessed secret. A slow password hash would add nothing against 256 random bits and
-- would cost every API request its CPU.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references shops (id),
  name text not null,
  scopes text[] not null check (
    cardinality(scopes) > 0
    and scopes <@ array['parcels:write', 'parcels:read', 'tracking', 'webhooks']::text[]
  ),
  key_id text not null unique check (key_id ~ '^[a-z0-9]{16}$'),
  secret_hash bytea not null,
  hash_key_id text not null,
  -- The owner who made it; the key's bookings are recorded as theirs.
  created_by_user_id uuid not null references users (id),
  created_at timestamptz not null,
  -- Written at most once a minute per key, not on every request.
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz,
  revoked_by_user_id uuid references users (id)
);
-- The Developer APIs screen's list: the shop's keys, newest first.
create index api_keys_shop_idx on api_keys (shop_id, created_at desc);
