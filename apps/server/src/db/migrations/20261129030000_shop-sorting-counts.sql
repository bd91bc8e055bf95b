-- Last day's sorting on the merchant's dashboard (issue 14): two more measures of the counters,
-- keyed by the Dhaka date of the move, so the dashboard reads a day's sorting of one shop from
-- shop_counts' primary key instead of scanning parcel events:
--   'sorted_in'  a parcel received at sorting that day (status 'at_sorting', one a move in);
--   'sorted_out' a parcel that left sorting that day, under the status it left for.
alter table shop_counts drop constraint shop_counts_measure_check;
alter table shop_counts add constraint shop_counts_measure_check
  check (measure in ('booked', 'delivered', 'sorted_in', 'sorted_out'));
alter table shop_count_deltas drop constraint shop_count_deltas_measure_check;
alter table shop_count_deltas add constraint shop_count_deltas_measure_check
  check (measure in ('booked', 'delivered', 'sorted_in', 'sorted_out'));

-- The sorting moves made before these measures existed, counted once.
insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
select p.shop_id, 'sorted_in', (e.at at time zone 'Asia/Dhaka')::date, p.pickup_location_id, 'at_sorting', count(*)
from parcels p
join parcel_events e on e.parcel_id = p.id and e.to_status = 'at_sorting'
  and e.from_status is distinct from 'at_sorting'
group by 1, 2, 3, 4, 5;

insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
select p.shop_id, 'sorted_out', (e.at at time zone 'Asia/Dhaka')::date, p.pickup_location_id, e.to_status, count(*)
from parcels p
join parcel_events e on e.parcel_id = p.id and e.from_status = 'at_sorting' and e.to_status <> 'at_sorting'
group by 1, 2, 3, 4, 5;
