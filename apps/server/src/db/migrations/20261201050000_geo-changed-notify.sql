-- The area search runs from memory in each API process (issue 16, item 1). Any change to the
-- areas, districts or zones (a re-seed, a staff change of coverage, a hand edit) tells every
-- process on commit through NOTIFY, once per statement, and each reloads its index.
create function notify_geo_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('dak_geo_changed', tg_table_name);
  return null;
end;
$$;

create trigger areas_geo_changed after insert or update or delete or truncate on areas
  for each statement execute function notify_geo_changed();
create trigger districts_geo_changed after insert or update or delete or truncate on districts
  for each statement execute function notify_geo_changed();
create trigger zones_geo_changed after insert or update or delete or truncate on zones
  for each statement execute function notify_geo_changed();
