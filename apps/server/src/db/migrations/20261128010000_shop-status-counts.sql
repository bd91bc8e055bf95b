-- The merchant's dashboard (issue 14): counts that stay exact without scanning parcels.
--
-- Two measures, each a small sum over a shop's days:
--   'booked'    by the Dhaka date the parcel was booked: how many of that day's parcels are now in
--               each status (a move takes one from its old status and adds one to its new).
--   'delivered' by the Dhaka date of the delivery: one a parcel delivered that day, in status
--               'delivered' (delivered is final, so it is never taken back).
--
-- A move only appends to shop_count_deltas (no row is updated, so two moves never wait for each
-- other or deadlock on a shared counter, however many parcels a trip moves). The fold job adds
-- the deltas into shop_counts and deletes them in one transaction; a read sums both tables in one
-- statement (one snapshot), so it is exact before, during and after a fold.
create table shop_counts (
  shop_id uuid not null references shops (id),
  measure text not null check (measure in ('booked', 'delivered')),
  day date not null,
  pickup_location_id uuid not null references pickup_locations (id),
  status text not null,
  n integer not null,
  primary key (shop_id, measure, day, pickup_location_id, status)
);

create table shop_count_deltas (
  id bigint generated always as identity primary key,
  shop_id uuid not null references shops (id),
  measure text not null check (measure in ('booked', 'delivered')),
  day date not null,
  pickup_location_id uuid not null references pickup_locations (id),
  status text not null,
  n integer not null
);
create index shop_count_deltas_shop_idx on shop_count_deltas (shop_id, measure, day);

-- The parcels booked before this table existed, counted once.
insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
select shop_id, 'booked', (created_at at time zone 'Asia/Dhaka')::date, pickup_location_id, status, count(*)
from parcels
group by 1, 2, 3, 4, 5;

insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
select p.shop_id, 'delivered', (e.at at time zone 'Asia/Dhaka')::date, p.pickup_location_id, 'delivered', count(*)
from parcels p
join parcel_events e on e.parcel_id = p.id and e.to_status = 'delivered' and e.from_status is distinct from 'delivered'
where p.status = 'delivered'
group by 1, 2, 3, 4, 5;
