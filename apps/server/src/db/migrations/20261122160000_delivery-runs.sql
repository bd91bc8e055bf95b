-- Delivery runs (issue 5, item 5): a rider's parcels for one day in one hub, the customer's
-- delivery code per parcel (hash only, with expiry and a count of wrong tries), and the photos
-- riders take as proof of delivery.

create table delivery_runs (
  id uuid primary key default gen_random_uuid(),
  hub_id text not null references hubs (id),
  rider_id uuid not null references staff (id),
  -- The day in Dhaka (UTC+6) the run is for; one run per rider and day, added to during the day.
  run_date date not null,
  created_by uuid not null references staff (id),
  created_at timestamptz not null default now(),
  unique (rider_id, run_date)
);
create index delivery_runs_hub_date_idx on delivery_runs (hub_id, run_date);

-- A parcel on a run. It stays open (closed_at null) until the rider (or staff) delivers it or
-- records a failed attempt; a parcel is open on at most one run at a time.
create table delivery_run_parcels (
  run_id uuid not null references delivery_runs (id),
  parcel_id uuid not null references parcels (id),
  added_at timestamptz not null,
  otp_hash bytea not null,
  otp_expires_at timestamptz not null,
  otp_attempts integer not null default 0 check (otp_attempts >= 0),
  closed_at timestamptz,
  primary key (run_id, parcel_id)
);
create unique index delivery_run_parcels_open_idx on delivery_run_parcels (parcel_id) where closed_at is null;

-- A photo a rider uploaded as proof; attached to the parcel it proved once used.
create table delivery_proofs (
  id uuid primary key default gen_random_uuid(),
  rider_id uuid not null references staff (id),
  storage_key text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  parcel_id uuid references parcels (id),
  created_at timestamptz not null default now()
);
create unique index delivery_proofs_parcel_idx on delivery_proofs (parcel_id) where parcel_id is not null;
