-- Returns, call logs and the audit log's "from where" (issue 5, items 6, 8 and 9).

-- A merchant's request about a parcel that staff decide. One type so far (the spec's
-- return-reattempt-request); at most one pending request of a type per parcel.
create table approvals (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('return_reattempt_request')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  parcel_id uuid not null references parcels (id),
  shop_id uuid not null references shops (id),
  reason text not null,
  note text check (length(note) between 1 and 500),
  requested_by_user_id uuid not null references users (id),
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by_staff_id uuid references staff (id),
  decision_note text check (length(decision_note) between 1 and 500),
  check ((status = 'pending') = (decided_at is null))
);
create unique index approvals_one_pending_idx on approvals (parcel_id, type) where status = 'pending';
create index approvals_status_idx on approvals (status, created_at);
create index approvals_parcel_idx on approvals (parcel_id, created_at desc);

-- Staff approved another delivery attempt: the delivery runs pick up parcels in
-- delivery_attempted with this set (cleared when the parcel fails again).
alter table parcels add column reattempt_approved_at timestamptz;
-- The merchant's hand-over code for a return, sent when the parcel goes out for return.
alter table parcels add column return_otp_hash bytea;
alter table parcels add column return_otp_sent_at timestamptz;
alter table parcels add column return_otp_failures integer not null default 0;
-- The telephony provider's IVR confirmation (the spec's robocall-verified).
alter table parcels add column robocall_verified_at timestamptz;
create index parcels_attempted_idx on parcels (shop_id, updated_at) where status = 'delivery_attempted';

-- Calls to a parcel's customer: a rider's call from the rider view, or the provider's (IVR,
-- call-centre) through its signed webhook. Recordings live in storage; the key is cleared when
-- the retention job deletes the file.
create table call_logs (
  id uuid primary key default gen_random_uuid(),
  parcel_id uuid not null references parcels (id),
  shop_id uuid not null references shops (id),
  source text not null check (source in ('rider', 'telephony')),
  outcome text not null check (outcome in ('answered', 'no_answer', 'busy', 'failed')),
  started_at timestamptz not null,
  duration_seconds integer check (duration_seconds between 0 and 86400),
  customer_phone text not null check (customer_phone ~ '^8801[13-9][0-9]{8}$'),
  caller_staff_id uuid references staff (id),
  provider_call_id text,
  recording_key text,
  recording_deleted_at timestamptz,
  created_at timestamptz not null,
  unique (source, provider_call_id)
);
create index call_logs_shop_idx on call_logs (shop_id, started_at desc);
create index call_logs_parcel_idx on call_logs (parcel_id, started_at desc);
create index call_logs_recording_idx on call_logs (started_at) where recording_key is not null;

-- Webhook deliveries already taken, by the provider's event id: a replay inside the time window
-- is answered without doing anything twice.
create table telephony_webhook_events (
  event_id text primary key check (length(event_id) between 1 and 100),
  received_at timestamptz not null
);

-- The audit log: status changes and return decisions too, and from where (IP, user agent).
alter table parcel_audit_log drop constraint parcel_audit_log_action_check;
alter table parcel_audit_log add constraint parcel_audit_log_action_check check (action in (
  'edit', 'delete', 'note_added', 'note_removed', 'status_change', 'reattempt_requested',
  'reattempt_approved', 'reattempt_rejected', 'robocall_verified'));
alter table parcel_audit_log add column ip text;
alter table parcel_audit_log add column user_agent text;
