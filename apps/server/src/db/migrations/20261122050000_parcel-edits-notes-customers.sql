-- Parcel edits, notes and the audit log; the shop's customer address book and customer flags
-- (issue 4, parts 3, 4 and 8). The edit counters are on parcels already (20261122040000).

-- Who changed what on a parcel, when: edits (field, old and new value), deletes and notes.
create table parcel_audit_log (
  id bigint generated always as identity primary key,
  parcel_id uuid not null references parcels (id),
  at timestamptz not null,
  actor_user_id uuid references users (id),
  actor_staff_id uuid references staff (id),
  action text not null check (action in ('edit', 'delete', 'note_added', 'note_removed')),
  field text check (field in ('customerPhone', 'cashCollectionAmount', 'customerAddress', 'deliveryArea')),
  old_value text,
  new_value text,
  check (actor_user_id is null or actor_staff_id is null)
);
create index parcel_audit_log_parcel_idx on parcel_audit_log (parcel_id, at, id);

-- Notes a shop keeps on a parcel. Removed notes stay (removed_at) so the audit log can show them.
create table parcel_notes (
  id uuid primary key default gen_random_uuid(),
  parcel_id uuid not null references parcels (id),
  author_user_id uuid not null references users (id),
  note text not null check (length(note) between 1 and 500),
  created_at timestamptz not null,
  removed_at timestamptz,
  removed_by_user_id uuid references users (id)
);
create index parcel_notes_parcel_idx on parcel_notes (parcel_id, created_at desc) where removed_at is null;

-- The shop's address book: one row per customer phone, filled from bookings, editable.
create table shop_customers (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references shops (id),
  phone text not null check (phone ~ '^8801[13-9][0-9]{8}$'),
  name text not null,
  address text not null,
  delivery_area_id text not null references areas (id),
  alternate_phone text check (alternate_phone ~ '^8801[13-9][0-9]{8}$'),
  parcel_count integer not null default 0,
  last_booked_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (shop_id, phone)
);
create index shop_customers_name_trgm_idx on shop_customers using gin (name gin_trgm_ops);

-- A shop's warning about a customer phone; other shops see only how many shops flagged it.
create table customer_flags (
  shop_id uuid not null references shops (id),
  phone text not null check (phone ~ '^8801[13-9][0-9]{8}$'),
  reason text not null check (length(reason) between 1 and 500),
  flagged_by_user_id uuid not null references users (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (shop_id, phone)
);
create index customer_flags_phone_idx on customer_flags (phone);
