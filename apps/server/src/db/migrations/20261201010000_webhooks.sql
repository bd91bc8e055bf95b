-- A shop's webhooks (issue 15, item 3): endpoints Dak calls when a parcel moves or an invoice is
-- made, paid or bounced. The signing secret is kept encrypted with the data key ring
-- (lib/field-cipher.ts, `enc:v1:<keyId>:…`, bound to the endpoint's id): the server needs the
-- secret itself to sign, so a hash would not do.
create table webhook_endpoints (
  id uuid primary key,
  shop_id uuid not null references shops (id),
  url text not null check (char_length(url) <= 500),
  events text[] not null check (
    cardinality(events) > 0
    and events <@ array['parcel.status_changed', 'invoice.created', 'invoice.paid', 'invoice.bounced']::text[]
  ),
  format text not null default 'dak' check (format in ('dak', 'steadfast')),
  secret_encrypted text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  -- The owner's choice, or 24 hours in which every delivery failed.
  disabled_reason text check (disabled_reason in ('owner', 'failing')),
  disabled_at timestamptz,
  -- Since when every delivery has failed; null again after a success.
  failing_since timestamptz,
  last_delivery_at timestamptz,
  created_by_user_id uuid not null references users (id),
  created_at timestamptz not null,
  deleted_at timestamptz,
  check ((status = 'disabled') = (disabled_reason is not null))
);
-- One live endpoint per URL in a shop; the list and the fan-out read a shop's live endpoints.
create unique index webhook_endpoints_url_idx on webhook_endpoints (shop_id, lower(url))
  where deleted_at is null;

-- One row per (event, endpoint) and per redelivery: the delivery log. The body is stored exactly
-- as signed and sent, so a retry and a redelivery send the same bytes (with a new timestamp).
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  -- The log's order (many share one instant: a test clock, one transaction) and its page cursor.
  seq bigint generated always as identity unique,
  endpoint_id uuid not null references webhook_endpoints (id),
  shop_id uuid not null references shops (id),
  -- The event's id, the same on every retry and redelivery (the receiver's dedupe key).
  event_id uuid not null,
  event text not null,
  tracking_id text,
  request_body text not null,
  status text not null default 'pending' check (status in ('pending', 'retrying', 'succeeded', 'failed')),
  attempts integer not null default 0,
  response_code integer,
  -- Cut to webhookResponseBodyMaxChars (or the network error).
  response_body text,
  duration_ms integer,
  created_at timestamptz not null,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  -- A worker's claim while it sends (longer than the timeout): no two send one delivery at once.
  locked_until timestamptz,
  redelivery_of uuid references webhook_deliveries (id)
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, seq desc);
-- The retry sweep: deliveries waiting for their next attempt (or whose worker died mid-send).
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
  where status in ('pending', 'retrying');

-- The owner is told when an endpoint is disabled after a day of failures.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'delivery_failed', 'parcel_returned', 'payment_sent', 'payment_bounced',
  'pickup_missed', 'nid_decided', 'team_invitation', 'webhook_disabled'
));
