-- Banks and payment methods, NID verification, terms and conditions, preferences and feature
-- flags, user settings (issue 3).

-- Banks and branches -----------------------------------------------------------------------------
-- Written by the bank seed (db/seed/banks.ts); staff own the `active` flags once a row exists.
create table banks (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{1,40}$'),
  code text not null unique check (code ~ '^[0-9]{3}$'),
  name_en text not null,
  name_bn text,
  short_name text,
  kind text not null check (kind in ('state_owned', 'specialised', 'private', 'islamic', 'foreign')),
  active boolean not null default true
);

create table bank_branches (
  id int generated always as identity primary key,
  bank_id text not null references banks (id),
  -- bank code (3) + district code (2) + branch code (3) + check digit (1): packages/domain/src/banks.ts
  routing_number text not null unique check (routing_number ~ '^[0-9]{9}$'),
  name_en text not null,
  name_bn text,
  district_id text not null references districts (id),
  address text,
  active boolean not null default true,
  updated_at timestamptz not null default now()
);
create index bank_branches_bank_idx on bank_branches (bank_id, district_id, name_en);

-- Where Dak pays a shop: one current method per shop, and every change kept. -------------------
create table shop_payment_methods (
  shop_id uuid primary key references shops (id) on delete cascade,
  method text not null check (method in ('bank', 'bkash')),
  bank_id text references banks (id),
  branch_id int references bank_branches (id),
  account_name text,
  account_number text check (account_number ~ '^[0-9]{10,20}$'),
  routing_number text check (routing_number ~ '^[0-9]{9}$'),
  wallet_number text check (wallet_number ~ '^8801[13-9][0-9]{8}$'),
  updated_by_user_id uuid not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (
    (method = 'bank' and bank_id is not null and branch_id is not null and account_name is not null
      and account_number is not null and routing_number is not null and wallet_number is null)
    or (method = 'bkash' and wallet_number is not null and bank_id is null and branch_id is null
      and account_name is null and account_number is null and routing_number is null)
  )
);

create table shop_payment_method_changes (
  id bigint generated always as identity primary key,
  shop_id uuid not null references shops (id) on delete cascade,
  method text not null check (method in ('bank', 'bkash')),
  bank_id text references banks (id),
  branch_id int references bank_branches (id),
  account_name text,
  account_number text,
  routing_number text,
  wallet_number text,
  changed_by_user_id uuid not null references users (id),
  changed_at timestamptz not null default now(),
  ip text
);
create index shop_payment_method_changes_shop_idx on shop_payment_method_changes (shop_id, changed_at desc);

-- NID verification: per user (the owner), every submission kept; the newest is the status. ------
create table nid_submissions (
  id uuid primary key default gen_random_uuid(),
  -- Order of arrival, for "newest first" when two submissions share a timestamp.
  seq bigint generated always as identity unique,
  user_id uuid not null references users (id),
  -- The shop it was sent from (a user may own several; the NID is the person's).
  shop_id uuid references shops (id) on delete set null,
  submitted_by_user_id uuid not null references users (id),
  nid_number text not null check (nid_number ~ '^([0-9]{10}|[0-9]{13}|[0-9]{17})$'),
  front_key text not null,
  front_content_type text not null,
  front_bytes int not null,
  back_key text not null,
  back_content_type text not null,
  back_bytes int not null,
  status text not null default 'pending' check (status in ('pending', 'verified', 'failed')),
  reason text,
  reviewed_by_staff_id uuid references staff (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'failed') = (reason is not null)),
  check ((status = 'pending') = (reviewed_at is null))
);
create index nid_submissions_user_idx on nid_submissions (user_id, seq desc);
create index nid_submissions_status_idx on nid_submissions (status, created_at);
-- At most one submission waiting for review per person.
create unique index nid_submissions_one_pending_idx on nid_submissions (user_id) where status = 'pending';

-- "Skip for now" on the NID step, recorded so the dashboard stops asking for a while.
create table nid_skips (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id),
  shop_id uuid references shops (id) on delete set null,
  skipped_by_user_id uuid not null references users (id),
  created_at timestamptz not null default now()
);
create index nid_skips_user_idx on nid_skips (user_id, created_at desc);

-- Terms and conditions ---------------------------------------------------------------------------
create table terms_versions (
  version int primary key check (version >= 1),
  body_en text not null,
  body_bn text not null,
  published_at timestamptz not null default now(),
  published_by_staff_id uuid references staff (id)
);

create table terms_acceptances (
  id bigint generated always as identity primary key,
  shop_id uuid not null references shops (id) on delete cascade,
  version int not null references terms_versions (version),
  accepted_by_user_id uuid not null references users (id),
  accepted_at timestamptz not null default now(),
  ip text,
  unique (shop_id, version)
);

-- Version 1, in force from the start of the service. Plain words a merchant reads in a minute.
insert into terms_versions (version, published_at, body_en, body_bn) values (
  1,
  '2026-01-01T00:00:00+06:00',
  $en$Dak merchant terms and conditions (version 1)

1. The service. Dak picks up parcels from your pickup location and delivers them to your customers across Bangladesh, usually within 3 days. Remote areas can take longer.

2. Charges. Delivery charges follow your price plan, which you see before you book. A cash on delivery (COD) charge of 1% of the cash collected applies. Our charges are deducted from the cash we collect for you.

3. Paying you. We pay the cash collected, less our charges, to your bank account or bKash wallet on the next working day after delivery. Check your payment method: a payment sent to the account you gave us is paid. Changing the payment method needs a one-time code sent to the shop owner's phone.

4. Returns. If a customer refuses a parcel or cannot be reached, we bring it back to you. A return charge of up to 50% of the delivery charge applies. Returns you do not confirm within the time shown in your panel are returned automatically.

5. Our liability. If a parcel is lost or damaged while we have it, we pay its declared value or BDT 10,000, whichever is lower. We do not pay for damage caused by poor packing, for perishable goods, or for delays caused by events beyond our control, such as floods, strikes or road closures.

6. Prohibited items. Do not send illegal drugs; weapons, ammunition or explosives; gas cylinders, fuel, acids or other dangerous goods; cash, cheques, gold or jewellery; live animals; fake or pirated goods; or anything else the law of Bangladesh forbids. We may open, hold or refuse a parcel we reasonably suspect, and report it to the authorities.

7. Your data and your customers' data. Give us true details of your shop, your NID and your customers. We use this data only to run the service, pay you, prevent fraud and meet the law. We never sell it. Your customers' phone numbers are used to deliver their parcels and to send them delivery updates by SMS.

8. Changes. We may change these terms. When we do, we show you the new version and ask you to accept it before you book again.

9. Law. These terms are governed by the laws of Bangladesh. The courts of Dhaka decide any dispute.$en$,
  $bn$ডাক মার্চেন্ট শর্তাবলী (সংস্করণ ১)

১. সেবা। ডাক আপনার পিকআপ লোকেশন থেকে পার্সেল নিয়ে সারা বাংলাদেশে আপনার কাস্টমারের কাছে পৌঁছে দেয়, সাধারণত ৩ দিনের মধ্যে। দুর্গম এলাকায় বেশি সময় লাগতে পারে।

২. চার্জ। ডেলিভারি চার্জ আপনার প্রাইস প্ল্যান অনুযায়ী, যা বুক করার আগেই দেখতে পাবেন। ক্যাশ কালেকশনের ১% সিওডি চার্জ প্রযোজ্য। আমাদের চার্জ আপনার জন্য সংগ্রহ করা টাকা থেকে কেটে রাখা হয়।

৩. আপনার পেমেন্ট। ডেলিভারির পরের কর্মদিবসে সংগ্রহ করা টাকা, চার্জ বাদে, আপনার ব্যাংক অ্যাকাউন্ট বা বিকাশ ওয়ালেটে পাঠানো হয়। পেমেন্ট মেথড ভালো করে মিলিয়ে নিন: আপনার দেওয়া অ্যাকাউন্টে পাঠানো টাকা পরিশোধিত বলে গণ্য হবে। পেমেন্ট মেথড বদলাতে শপ মালিকের ফোনে পাঠানো ওটিপি লাগবে।

৪. রিটার্ন। কাস্টমার পার্সেল না নিলে বা তাঁর সাথে যোগাযোগ করা না গেলে পার্সেল আপনাকে ফেরত দেওয়া হয়। রিটার্ন চার্জ ডেলিভারি চার্জের সর্বোচ্চ ৫০%। প্যানেলে দেখানো সময়ের মধ্যে রিটার্ন নিশ্চিত না করলে পার্সেল নিজে থেকেই রিটার্ন হয়ে যায়।

৫. আমাদের দায়। আমাদের কাছে থাকা অবস্থায় পার্সেল হারিয়ে গেলে বা নষ্ট হলে ঘোষিত মূল্য অথবা ৳১০,০০০, যেটি কম, তা দেওয়া হবে। দুর্বল প্যাকিং, পচনশীল পণ্য, কিংবা বন্যা, হরতাল বা রাস্তা বন্ধের মতো আমাদের নিয়ন্ত্রণের বাইরের ঘটনায় দেরি বা ক্ষতির দায় আমাদের নয়।

৬. নিষিদ্ধ পণ্য। মাদক; অস্ত্র, গোলাবারুদ বা বিস্ফোরক; গ্যাস সিলিন্ডার, জ্বালানি, এসিড বা অন্য বিপজ্জনক পণ্য; নগদ টাকা, চেক, সোনা বা গহনা; জীবন্ত প্রাণী; নকল পণ্য; কিংবা বাংলাদেশের আইনে নিষিদ্ধ অন্য কিছু পাঠাবেন না। সন্দেহজনক পার্সেল আমরা খুলে দেখতে, আটকে রাখতে বা ফিরিয়ে দিতে এবং কর্তৃপক্ষকে জানাতে পারি।

৭. আপনার ও আপনার কাস্টমারের তথ্য। আপনার শপ, জাতীয় পরিচয়পত্র (এনআইডি) ও কাস্টমারের সঠিক তথ্য দিন। এই তথ্য আমরা শুধু সেবা চালাতে, আপনাকে পেমেন্ট দিতে, প্রতারণা ঠেকাতে ও আইন মানতে ব্যবহার করি। আমরা কখনো তা বিক্রি করি না। কাস্টমারের ফোন নম্বর পার্সেল ডেলিভারি ও এসএমএসে ডেলিভারির খবর পাঠাতে ব্যবহার হয়।

৮. পরিবর্তন। আমরা এই শর্তাবলী বদলাতে পারি। বদলালে নতুন সংস্করণ দেখিয়ে আবার বুক করার আগে আপনার সম্মতি নেব।

৯. আইন। এই শর্তাবলী বাংলাদেশের আইন অনুযায়ী চলবে। কোনো বিরোধ হলে ঢাকার আদালত তা নিষ্পত্তি করবে।$bn$
);

-- Preferences and feature flags ------------------------------------------------------------------
-- Named values the clients read (spec 7: GET /v1/pref/{name}); only public ones are served.
create table preferences (
  name text primary key check (name ~ '^[A-Za-z][A-Za-z0-9_.-]{1,63}$'),
  value jsonb not null,
  public boolean not null default true,
  description text,
  updated_at timestamptz not null default now()
);
insert into preferences (name, value, description) values
  ('forcedTimeoutForMerchantRegistration', '60',
   'Seconds the sign-up form waits before it offers to send the code again.');

-- Per-shop rollout: off for all when disabled; else the allow-list, else a stable percentage.
create table feature_flags (
  name text primary key check (name ~ '^[a-z0-9][a-z0-9-]{1,63}$'),
  description text,
  enabled boolean not null default true,
  percentage int not null default 0 check (percentage between 0 and 100),
  allow_list uuid[] not null default '{}',
  updated_at timestamptz not null default now(),
  updated_by_staff_id uuid references staff (id)
);
insert into feature_flags (name, description, enabled, percentage) values
  ('area-prediction-bulk', 'Guess delivery areas from addresses in bulk uploads', true, 20),
  ('wordpress-subscription', 'WordPress/WooCommerce plugin subscription', true, 0),
  ('verified-offline-c2c', 'Verified offline customer-to-customer booking at sales points', true, 0);

create table feature_flag_changes (
  id bigint generated always as identity primary key,
  name text not null references feature_flags (name) on delete cascade,
  enabled boolean not null,
  percentage int not null,
  allow_list uuid[] not null,
  changed_by_staff_id uuid not null references staff (id),
  changed_at timestamptz not null default now()
);

-- User settings and onboarding -------------------------------------------------------------------
alter table users
  add column notification_prefs jsonb not null
    default '{"sms": true, "email": true, "push": true, "parcelUpdates": true, "paymentUpdates": true}',
  add column onboarding_tour_seen_at timestamptz;
