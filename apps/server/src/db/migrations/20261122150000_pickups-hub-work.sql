-- Operations, pickup and hub work (issue 5, parts 3 and 4): a pickup (one pickup location, one
-- pickup day) assigned to a rider, what the rider ticked for each parcel, bags sorted by
-- destination hub, and line-haul trips carrying bags from hub to hub with their receipt scans.

create table pickups (
  id uuid primary key default gen_random_uuid(),
  pickup_location_id uuid not null references pickup_locations (id),
  pickup_date date not null,
  -- The hub serving the location's area when the pickup was made; its riders collect.
  hub_id text not null references hubs (id),
  rider_id uuid references staff (id),
  assigned_by uuid references staff (id),
  assigned_at timestamptz,
  created_at timestamptz not null default now(),
  unique (pickup_location_id, pickup_date)
);
create index pickups_rider_idx on pickups (rider_id, pickup_date);
create index pickups_hub_idx on pickups (hub_id, pickup_date);

-- The rider's tick per parcel: collected (handed over), or not handed over with a reason. The
-- parcel stays pickup_pending until a hub scans it in (at_sorting).
create table pickup_items (
  pickup_id uuid not null references pickups (id),
  parcel_id uuid not null references parcels (id),
  picked_up boolean not null,
  reason text,
  at timestamptz not null,
  primary key (pickup_id, parcel_id),
  check (picked_up or reason is not null)
);
create index pickup_items_parcel_idx on pickup_items (parcel_id);

create table line_haul_trips (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  origin_hub_id text not null references hubs (id),
  destination_hub_id text not null references hubs (id),
  vehicle text check (length(vehicle) <= 100),
  status text not null default 'loading' check (status in ('loading', 'dispatched', 'received')),
  created_by uuid not null references staff (id),
  created_at timestamptz not null,
  dispatched_at timestamptz,
  dispatched_by uuid references staff (id),
  received_at timestamptz,
  received_by uuid references staff (id),
  check (origin_hub_id <> destination_hub_id)
);
create index line_haul_trips_origin_idx on line_haul_trips (origin_hub_id, status);
create index line_haul_trips_destination_idx on line_haul_trips (destination_hub_id, status);

create table bags (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  origin_hub_id text not null references hubs (id),
  destination_hub_id text not null references hubs (id),
  trip_id uuid references line_haul_trips (id),
  created_by uuid not null references staff (id),
  created_at timestamptz not null,
  check (origin_hub_id <> destination_hub_id)
);
create index bags_origin_idx on bags (origin_hub_id, destination_hub_id) where trip_id is null;
create index bags_trip_idx on bags (trip_id);

create table bag_parcels (
  bag_id uuid not null references bags (id),
  parcel_id uuid not null references parcels (id),
  added_at timestamptz not null,
  added_by uuid not null references staff (id),
  primary key (bag_id, parcel_id)
);
create index bag_parcels_parcel_idx on bag_parcels (parcel_id);

-- Every code scanned while receiving a trip: in the manifest (and moved) or extra.
create table trip_receipt_scans (
  id bigint generated always as identity primary key,
  trip_id uuid not null references line_haul_trips (id),
  code text not null check (length(code) <= 100),
  parcel_id uuid references parcels (id),
  in_manifest boolean not null,
  at timestamptz not null,
  scanned_by uuid not null references staff (id)
);
create index trip_receipt_scans_trip_idx on trip_receipt_scans (trip_id);

create sequence bag_code_seq;
create sequence trip_code_seq;
