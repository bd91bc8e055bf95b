-- The parcel list at scale (issue 4, "Speed"; measured in docs/performance.md with 1 000 000
-- parcels, a shop with 50 000). A shop's search must read only that shop's matches: the trigram
-- indexes start with the shop (btree_gin lets a GIN index hold the uuid), so "Rahim" in one
-- shop no longer fetches every shop's Rahims to throw them away.
create extension if not exists btree_gin;

-- Name search (`customer_name ilike '%…%'`) within a shop; replaces the index over all shops
-- (a GIN index answers on its second column alone too, if a search across shops ever needs it).
create index parcels_shop_name_trgm_idx on parcels using gin (shop_id, customer_name gin_trgm_ops);
drop index parcels_customer_name_trgm_idx;

-- Phone digits typed in the search box (`customer_phone like '%…%'`), within a shop.
create index parcels_shop_phone_trgm_idx on parcels using gin (shop_id, customer_phone gin_trgm_ops);

-- A whole phone matches the alternate phone too; without this the OR read the shop's every row.
create index parcels_shop_alternate_phone_idx on parcels (shop_id, alternate_phone)
  where alternate_phone is not null;

-- Status (group) and date range: the page walks it in order for one status, and the count
-- reads it alone (an index-only scan). Its prefix replaces (shop_id, status).
create index parcels_shop_status_created_idx on parcels (shop_id, status, created_at desc, id desc);
drop index parcels_shop_status_idx;
