-- A parcel can go out twice with the same rider on the same day: a failed attempt, then the
-- reattempt the merchant asked for and staff approved. Each time it is a new assignment with its
-- own OTP, so a row is one attempt, not one (run, parcel) pair. Still at most one open per parcel
-- (delivery_run_parcels_open_idx).
alter table delivery_run_parcels drop constraint delivery_run_parcels_pkey;
alter table delivery_run_parcels add column id bigint generated always as identity primary key;
create index delivery_run_parcels_run_idx on delivery_run_parcels (run_id, parcel_id);
