-- Campaign banners and what's new (issue 14, item 4). Staff write them in the console; the merchant
-- panel shows the live ones meant for the shop: a header banner above every page, a popup once per
-- banner per user, and what's-new entries on the dashboard.
create table banners (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('header', 'popup', 'whats_new')),
  -- Who sees it: every shop, the shops of some merchant types, or a list of shops (banner_shops).
  audience text not null check (audience in ('all', 'merchant_types', 'shops')),
  merchant_types text[] not null default '{}'
    check (merchant_types <@ array['b2c', 'offline_agent', 'ltl', 'b2b']::text[]),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- Set when staff end it early, or when a newer header banner replaces it. Once set, it stays.
  ended_at timestamptz,
  title_en text not null,
  title_bn text not null,
  body_en text not null,
  body_bn text not null,
  link text,
  -- The image, checked by its bytes (PNG, JPEG or WebP); the content type is the checked one.
  image_storage_key text unique,
  image_content_type text check (image_content_type in ('image/png', 'image/jpeg', 'image/webp')),
  image_size_bytes int,
  created_by_staff_id uuid not null references staff (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (ends_at > starts_at),
  check (audience = 'merchant_types' or merchant_types = '{}'),
  check (audience <> 'merchant_types' or merchant_types <> '{}'),
  check ((image_storage_key is null) = (image_content_type is null)
    and (image_storage_key is null) = (image_size_bytes is null))
);
-- "Only one header banner is kept": at most one header banner not ended. The service ends the old
-- one in the transaction that writes the new one, under a lock; this index is the last word.
create unique index banners_one_header_idx on banners ((true)) where kind = 'header' and ended_at is null;
-- The panel's question: which banners are not ended and in their window now.
create index banners_open_idx on banners (ends_at) where ended_at is null;

-- A banner meant for a list of shops.
create table banner_shops (
  banner_id uuid not null references banners (id) on delete cascade,
  shop_id uuid not null references shops (id),
  primary key (banner_id, shop_id)
);
create index banner_shops_shop_idx on banner_shops (shop_id);

-- A popup banner a user has been shown, in any shop, on any device: it is not shown to them again.
create table banner_popups_seen (
  banner_id uuid not null references banners (id) on delete cascade,
  user_id uuid not null references users (id),
  seen_at timestamptz not null,
  primary key (banner_id, user_id)
);
