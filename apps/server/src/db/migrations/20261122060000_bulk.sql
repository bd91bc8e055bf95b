-- Bulk parcel upload (issue 4, part 6): each shop's import limit (spec 9: 100 rows unless staff
-- raise it, at most 10 000) and the log of bulk confirms (spec 7: bulk-parcel-create-log).

alter table shops
  add column bulk_import_limit integer not null default 100
    check (bulk_import_limit between 1 and 10000);

-- One row per bulk confirm that reached the rows: created parcels, or refused rows (created 0).
create table bulk_parcel_create_logs (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references shops (id),
  user_id uuid not null references users (id),
  file_name text,
  total integer not null check (total >= 0),
  created integer not null check (created >= 0),
  failed integer not null check (failed >= 0),
  created_at timestamptz not null
);
create index bulk_parcel_create_logs_shop_idx on bulk_parcel_create_logs (shop_id, created_at desc, id);
