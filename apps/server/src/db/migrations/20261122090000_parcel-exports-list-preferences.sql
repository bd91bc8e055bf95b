-- Parcel list extras (issue 4, part 7): exports of the list to xlsx, built by a background job
-- (spec 7: GET /v3/shop/{shop}/export/parcels and /status; spec 9: parcels_{date}.xlsx), and each
-- user's parcel-list preferences per shop. Jobs themselves live in pg-boss's own schema `pgboss`,
-- which pg-boss installs and migrates on start.

create table parcel_exports (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references shops (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- The list filters as the list route takes them (domain parcelExportFiltersSchema).
  filters jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
  rows_done integer not null default 0 check (rows_done >= 0),
  -- Known once the job has counted the matching parcels.
  row_count integer check (row_count >= 0),
  file_name text not null,
  -- Where the finished file is, in the files storage (lib/storage.ts).
  storage_key text,
  size_bytes integer,
  error text,
  created_at timestamptz not null,
  finished_at timestamptz,
  expires_at timestamptz not null
);
create index parcel_exports_shop_idx on parcel_exports (shop_id, created_at desc);
create index parcel_exports_expires_idx on parcel_exports (expires_at);

create table parcel_list_preferences (
  user_id uuid not null references users (id) on delete cascade,
  shop_id uuid not null references shops (id) on delete cascade,
  -- Domain parcelListPreferencesSchema; read through it, so an older shape falls back to defaults.
  preferences jsonb not null,
  updated_at timestamptz not null,
  primary key (user_id, shop_id)
);
