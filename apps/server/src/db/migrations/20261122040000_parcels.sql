-- Parcels (issue 4, part 2): the parcel, its events (timeline, audit log, source of webhooks and
-- SMS) and the Idempotency-Key store of booking. Statuses are checked against the lists of
-- packages/domain/src/parcel-status.ts; the transitions are the domain's alone (assertTransition).

create table parcels (
  id uuid primary key default gen_random_uuid(),
  -- DK + 8 + check character (packages/domain/src/tracking-id.ts).
  tracking_id text not null unique check (tracking_id ~ '^DK[2-9A-HJKMNP-TV-Y]{9}$'),
  shop_id uuid not null references shops (id),
  pickup_location_id uuid not null references pickup_locations (id),
  delivery_area_id text not null references areas (id),
  customer_name text not null,
  customer_phone text not null check (customer_phone ~ '^8801[13-9][0-9]{8}$'),
  customer_address text not null,
  alternate_phone text check (alternate_phone ~ '^8801[13-9][0-9]{8}$'),
  invoice_id text,
  category_id text references parcel_categories (id),
  category_variant_id text references parcel_category_variants (id),
  -- Money in poisha (৳1 = 100).
  selling_price_poisha bigint not null check (selling_price_poisha >= 0),
  cash_collection_poisha bigint not null check (cash_collection_poisha >= 0),
  weight_grams integer not null check (weight_grams between 1 and 200000),
  instructions text,
  parcel_type text not null default 'forward' check (parcel_type in ('forward', 'reverse')),
  flow_type text not null default 'regular' check (flow_type in ('regular', 'exchange_return')),
  status text not null check (status in (
    'pickup_pending', 'pickup_hold', 'at_sorting', 'in_transit', 'at_delivery_hub',
    'out_for_delivery', 'delivery_attempted', 'delivered', 'return_at_delivery_hub',
    'return_in_transit', 'at_return_hub', 'out_for_return', 'returned', 'deleted', 'cancelled',
    'lost', 'damaged')),
  seller_status text not null check (seller_status in (
    'pickup_pending', 'pickup_hold', 'in_transit', 'delivery_hold', 'delivered',
    'return_in_progress', 'returned', 'deleted', 'cancelled', 'lost', 'damaged')),
  payment_status text not null default 'cash_collection_pending' check (payment_status in (
    'cash_collection_pending', 'unpaid', 'invoiced', 'paid', 'bounced')),
  -- The charge as computed at booking, under the shop's plan of that moment.
  delivery_charge_poisha bigint not null check (delivery_charge_poisha >= 0),
  cod_charge_poisha bigint not null check (cod_charge_poisha >= 0),
  total_charge_poisha bigint not null check (total_charge_poisha >= 0),
  return_charge_poisha bigint not null check (return_charge_poisha >= 0),
  rate_class text not null check (rate_class in ('same_city', 'suburbs', 'outside')),
  price_plan_id text not null,
  pickup_date date not null,
  created_by_user_id uuid references users (id),
  -- Spec: phone, cash and address may each be edited once until delivery.
  customer_phone_edits smallint not null default 0,
  cash_collection_edits smallint not null default 0,
  customer_address_edits smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The list: a shop's parcels newest first, by status, and the search fields.
create index parcels_shop_created_idx on parcels (shop_id, created_at desc, id desc);
create index parcels_shop_status_idx on parcels (shop_id, status);
create index parcels_customer_phone_idx on parcels (customer_phone);
create index parcels_shop_invoice_idx on parcels (shop_id, invoice_id) where invoice_id is not null;
create index parcels_customer_name_trgm_idx on parcels using gin (customer_name gin_trgm_ops);

create table parcel_events (
  id bigint generated always as identity primary key,
  parcel_id uuid not null references parcels (id),
  at timestamptz not null,
  actor_user_id uuid references users (id),
  actor_staff_id uuid references staff (id),
  from_status text,
  to_status text not null,
  reason text,
  note text,
  hub_id text references hubs (id),
  check (actor_user_id is null or actor_staff_id is null)
);
create index parcel_events_parcel_idx on parcel_events (parcel_id, at, id);

-- A retried booking with the same key answers with the first result (DESIGN.md section 6).
create table idempotency_keys (
  shop_id uuid not null references shops (id),
  key text not null check (length(key) between 1 and 255),
  request_hash text not null,
  status_code smallint not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (shop_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
