-- The merchant's notifications (issue 14, item 3): one row per user and shop for each event that
-- user wants in the app (their preferences say so), written in the cause's transaction. The text
-- is not stored: `kind` and `params` are, and each screen words them in the reader's language.
-- New rows are announced with NOTIFY on the channel dak_notifications in the same transaction,
-- so each API process's listener hears them on commit and streams them to that user's open
-- event streams.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  -- The order they were written in: the list's order (many share one instant: a test clock, one move).
  seq bigint generated always as identity unique,
  user_id uuid not null references users (id),
  shop_id uuid not null references shops (id),
  kind text not null check (kind in (
    'delivery_failed', 'parcel_returned', 'payment_sent', 'payment_bounced',
    'pickup_missed', 'nid_decided', 'team_invitation'
  )),
  params jsonb not null default '{}',
  link text,
  read_at timestamptz,
  created_at timestamptz not null
);
-- The centre's list (newest first) and its unread count, per user and shop.
create index notifications_user_shop_idx on notifications (user_id, shop_id, seq desc);
create index notifications_unread_idx on notifications (user_id, shop_id) where read_at is null;
