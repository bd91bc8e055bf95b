-- Exchange parcels (issue 4, part 2): the forward leg of an exchange names its reverse leg. One
-- reverse parcel belongs to at most one exchange (unique), and only a reverse parcel of the same
-- shop may be named (checked by the service; the unique index is the last word on races).
alter table parcels add column reverse_parcel_id uuid references parcels (id);
create unique index parcels_reverse_parcel_idx on parcels (reverse_parcel_id)
  where reverse_parcel_id is not null;
alter table parcels add constraint parcels_reverse_not_self check (reverse_parcel_id <> id);
