-- The operations overview (issue 14, item 5) counts each hub's waiting parcels. A parcel reaches
-- its hub through its delivery area (delivery side) or its pickup location's area (pickup side);
-- these partial indexes hold only the parcels in the statuses the overview counts, so a hub's
-- figures read its own open parcels, never the table's delivered and returned millions.
create index parcels_open_delivery_area_idx on parcels (delivery_area_id, status)
  where status in ('at_delivery_hub', 'out_for_delivery', 'delivery_attempted', 'return_at_delivery_hub');
create index parcels_open_pickup_location_idx on parcels (pickup_location_id, status)
  where status in ('pickup_pending', 'at_sorting', 'in_transit', 'at_return_hub');
-- From a hub to its areas, and from an area to the pickup locations in it.
create index areas_hub_idx on areas (hub_id);
create index pickup_locations_area_idx on pickup_locations (area_id);
