-- Shop routes keep a caller's session and role in memory for a few seconds, per API process
-- (issue 16, item 2). Whatever ends or narrows that access tells every process on commit, through
-- NOTIFY with the user's ID, and each drops what it kept for that user: a session revoked (sign
-- out, password change or reset, the other devices signed out), its expiry moved, a session row
-- deleted; a membership added, removed, or its role or status changed. '*' drops everything.
create function notify_session_access_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.user_id is not null then
    perform pg_notify('dak_session_changed', old.user_id::text);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.user_id is not null
    and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    perform pg_notify('dak_session_changed', new.user_id::text);
  end if;
  return null;
end;
$$;

create trigger sessions_access_changed after update on sessions for each row
  when (old.revoked_at is distinct from new.revoked_at
    or old.expires_at is distinct from new.expires_at
    or old.token_hash is distinct from new.token_hash
    or old.user_id is distinct from new.user_id)
  execute function notify_session_access_changed();
create trigger sessions_access_deleted after delete on sessions for each row
  execute function notify_session_access_changed();

-- last_selected_at (the shop switcher) changes often and grants nothing: no notice for it.
create trigger shop_members_access_changed after update on shop_members for each row
  when (old.role is distinct from new.role
    or old.status is distinct from new.status
    or old.user_id is distinct from new.user_id
    or old.shop_id is distinct from new.shop_id)
  execute function notify_session_access_changed();
create trigger shop_members_access_written after insert or delete on shop_members for each row
  execute function notify_session_access_changed();

create function notify_session_access_all_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('dak_session_changed', '*');
  return null;
end;
$$;
create trigger sessions_access_truncated after truncate on sessions
  for each statement execute function notify_session_access_all_changed();
create trigger shop_members_access_truncated after truncate on shop_members
  for each statement execute function notify_session_access_all_changed();
