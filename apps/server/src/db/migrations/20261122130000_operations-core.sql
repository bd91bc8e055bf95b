-- Operations, foundation (issue 5): staff assigned to hubs (riders are staff with the rider role),
-- the hub's editable contact details, and what a status change carries (amount collected, proof).

-- A hub's phone is the counter merchants and riders call; the address was already there.
alter table hubs add column phone text check (phone ~ '^8801[13-9][0-9]{8}$');
alter table hubs add column updated_at timestamptz;

-- Which hubs a staff member works in. A hub manager may have several; a rider has exactly one
-- (the service keeps that). Admins need none: they work everywhere.
create table staff_hubs (
  staff_id uuid not null references staff (id),
  hub_id text not null references hubs (id),
  created_at timestamptz not null default now(),
  primary key (staff_id, hub_id)
);
create index staff_hubs_hub_idx on staff_hubs (hub_id);

-- A delivery records what the rider collected (full or partial) and how it was proved; a failed
-- attempt its reason (already `reason`). System moves (jobs) have neither actor column set.
alter table parcel_events add column amount_collected_poisha bigint check (amount_collected_poisha >= 0);
alter table parcel_events add column proof_kind text check (proof_kind in ('otp', 'photo', 'staff'));
alter table parcels add column amount_collected_poisha bigint check (amount_collected_poisha >= 0);

-- Public tracking by the merchant's invoice ID and the customer's phone.
create index parcels_invoice_phone_idx on parcels (invoice_id, customer_phone) where invoice_id is not null;
