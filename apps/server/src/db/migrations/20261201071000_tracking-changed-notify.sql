-- Public tracking answers are kept in memory by each API process for a few seconds (issue 16,
-- item 1). Whatever changes what a customer sees of a parcel (its status, its events, its phone or
-- delivery area, its tracking ID) tells every process on commit, through NOTIFY with the tracking
-- ID, and each drops its copy; '*' (a hub renamed) drops them all. The areas' and districts' names
-- come with the geography's own NOTIFY (dak_geo_changed).
create function notify_tracking_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('dak_tracking_changed', old.tracking_id);
  else
    perform pg_notify('dak_tracking_changed', new.tracking_id);
    if old.tracking_id is distinct from new.tracking_id then
      perform pg_notify('dak_tracking_changed', old.tracking_id);
    end if;
  end if;
  return null;
end;
$$;

create trigger parcels_tracking_changed after update on parcels for each row
  when (old.status is distinct from new.status
    or old.customer_phone is distinct from new.customer_phone
    or old.delivery_area_id is distinct from new.delivery_area_id
    or old.tracking_id is distinct from new.tracking_id)
  execute function notify_tracking_changed();
create trigger parcels_tracking_deleted after delete on parcels for each row
  execute function notify_tracking_changed();

-- Events are written one per move, or hundreds in one statement (a trip's scan): once per
-- statement, one NOTIFY per parcel touched (PostgreSQL folds repeats within a transaction).
create function notify_tracking_events_changed() returns trigger language plpgsql as $$
declare
  changed_id text;
begin
  for changed_id in
    select p.tracking_id from parcels p where p.id in (select parcel_id from changed_events)
  loop
    perform pg_notify('dak_tracking_changed', changed_id);
  end loop;
  return null;
end;
$$;

create trigger parcel_events_tracking_inserted after insert on parcel_events
  referencing new table as changed_events
  for each statement execute function notify_tracking_events_changed();
create trigger parcel_events_tracking_updated after update on parcel_events
  referencing new table as changed_events
  for each statement execute function notify_tracking_events_changed();
create trigger parcel_events_tracking_deleted after delete on parcel_events
  referencing old table as changed_events
  for each statement execute function notify_tracking_events_changed();

create function notify_tracking_all_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('dak_tracking_changed', '*');
  return null;
end;
$$;
create trigger hubs_tracking_changed after update or delete or truncate on hubs
  for each statement execute function notify_tracking_all_changed();
