-- Shops, pickup locations and teams (issue 3).

-- The shop form's fields (spec 3). Nullable: a shop made at registration has only its name until
-- the merchant fills in the shop settings.
alter table shops
  add column email text,
  add column address text,
  add column area_id text references areas (id),
  add column phone text check (phone ~ '^8801[13-9][0-9]{8}$'),
  add column return_phone text check (return_phone ~ '^8801[13-9][0-9]{8}$'),
  add column reason text,
  add column product_type text,
  add column product_sub_type text,
  add column preferred_zone_id text references zones (id),
  add column referrer_code text,
  add column terms_accepted_at timestamptz;

-- The shop list puts the shop a member used last first; removals are kept, with when and by whom.
alter table shop_members
  add column last_selected_at timestamptz,
  add column added_by_user_id uuid references users (id),
  add column updated_at timestamptz not null default now();

-- One owner per shop, whatever the code does.
create unique index shop_members_one_owner_idx on shop_members (shop_id) where role = 'owner';

-- Where riders collect a shop's parcels (spec: pickup stores). A shop books only with an active one.
create table pickup_locations (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references shops (id) on delete cascade,
  name text not null,
  address text not null,
  area_id text not null references areas (id),
  phone text not null check (phone ~ '^8801[13-9][0-9]{8}$'),
  alternate_phone text check (alternate_phone ~ '^8801[13-9][0-9]{8}$'),
  status text not null default 'active' check (status in ('active', 'inactive')),
  created_by_user_id uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pickup_locations_shop_idx on pickup_locations (shop_id, created_at desc);
