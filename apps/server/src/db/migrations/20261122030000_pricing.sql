-- Pricing (issue 4): price plans, a shop's own plan, parcel categories and their variants.

-- A plan is one jsonb document (packages/domain/src/pricing.ts pricePlanSchema, amounts in
-- poisha), read whole and checked by that schema: its shape changes with the domain, not with
-- the table. One plan at most is the default: the public calculator's and every shop's without
-- its own.
create table price_plans (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null check (length(name) between 1 and 100),
  plan jsonb not null check (jsonb_typeof(plan) = 'object'),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index price_plans_one_default_idx on price_plans (is_default) where is_default;

-- DESIGN.md section 3's table (defaultPricePlan in the domain; a test keeps the two equal).
insert into price_plans (id, name, plan, is_default) values (
  'default',
  'Standard',
  '{
    "rates": {
      "same_city": {"upTo500g": 6000, "upTo1kg": 7000, "perExtraKg": 1500},
      "suburbs": {"upTo500g": 8000, "upTo1kg": 10000, "perExtraKg": 2000},
      "outside": {"upTo500g": 11000, "upTo1kg": 13000, "perExtraKg": 2500}
    },
    "codFeePercent": 1,
    "returnChargePercent": 50,
    "exchangeSurchargePercent": 50,
    "categorySurcharges": {},
    "variantSurcharges": {}
  }',
  true
);

-- Null: the default plan, whichever plan that is when the charge is computed.
alter table shops add column price_plan_id text references price_plans (id);
create index shops_price_plan_idx on shops (price_plan_id) where price_plan_id is not null;

-- The catalogue (seeded from db/seed/parcel-categories.json). A surcharge here is the catalogue's
-- default; a plan may name its own per category or variant. `active` is staff's: the seed sets
-- it only when a row is first inserted.
create table parcel_categories (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name_en text not null,
  name_bn text not null,
  surcharge_poisha integer not null default 0 check (surcharge_poisha >= 0),
  sort_order integer not null default 0,
  active boolean not null default true
);

create table parcel_category_variants (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  category_id text not null references parcel_categories (id),
  name_en text not null,
  name_bn text not null,
  surcharge_poisha integer not null default 0 check (surcharge_poisha >= 0),
  sort_order integer not null default 0,
  active boolean not null default true
);
create index parcel_category_variants_category_idx on parcel_category_variants (category_id, sort_order);
